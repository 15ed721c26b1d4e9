import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import type { Database } from "../../platform/db/database";
import { TENANCY_TOPIC } from "../auth";
import { skillSourceProject, type SkillSource } from "./skill-source";

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
    return this.sources.getOrLoad(projectId, () => this.db.read((m) => skillSourceProject(m, projectId)));
  }
}
