import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import type { Database } from "../../platform/db/database";
import { TENANCY_TOPIC } from "../auth";
import { SOURCE_STATEMENT, sourceRowOf, sourceStatement, type RawSourceRow } from "./library.repository";
import { sourceFrom, type SkillSource } from "./skill-source";

/**
 * skillSourceProject for the hot path (call start): cached per project, dropped on every instance when a library
 * link, a deletion or a purge changes the answer (they publish TENANCY_TOPIC after commit).
 */
export class SkillSourceCache {
  private readonly sources: InvalidatedCache<string, SkillSource>;

  constructor(
    private readonly db: Database,
    bus: InvalidationBus,
  ) {
    this.sources = new InvalidatedCache(bus, TENANCY_TOPIC, 10_000);
  }

  /**
   * For a statement that reads the project's source columns along with other rows (`sourceJoin`), called
   * before it is sent; the function it returns reads the answer from the row (undefined: no row came back, nothing is
   * learnt) and keeps it, unless an invalidation of this cache's topic happened in between — the same rule as a miss
   * read on its own (`getOrLoad`), so a library link, deletion or purge is never hidden by a joined read.
   */
  primer(projectId: string): (row: RawSourceRow | undefined) => SkillSource | null {
    const token = this.sources.readToken();
    return (row) => {
      if (!row) return null;
      const source = sourceFrom(projectId, sourceRowOf(row));
      this.sources.setIfCurrent(token, projectId, source);
      return source;
    };
  }

  sourceOf(projectId: string): Promise<SkillSource> {
    // skillSourceProject's answer, read through the driver (a call start's miss, no query builder)
    return this.sources.getOrLoad(projectId, async () => {
      const [row] = await this.db.rows<RawSourceRow>(SOURCE_STATEMENT, sourceStatement(this.db.dialect, projectId));
      return sourceFrom(projectId, row ? sourceRowOf(row) : null);
    });
  }
}
