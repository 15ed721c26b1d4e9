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

  sourceOf(projectId: string): Promise<SkillSource> {
    // skillSourceProject's answer, read through the driver (issue 21: a call start's miss, no query builder)
    return this.sources.getOrLoad(projectId, async () => {
      const [row] = await this.db.rows<RawSourceRow>(SOURCE_STATEMENT, sourceStatement(this.db.dialect, projectId));
      return sourceFrom(projectId, row ? sourceRowOf(row) : null);
    });
  }
}
