import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import { LruCache } from "../../platform/cache/lru-cache";
import type { Database } from "../../platform/db/database";
import { TENANCY_TOPIC } from "../auth";
import { skillSourceProject, type SkillSource } from "./skill-source";

/**
 * skillSourceProject for the hot path (call start): cached per project, dropped on every instance when a library
 * link, a deletion or a purge changes the answer (they publish TENANCY_TOPIC after commit).
 */
export class SkillSourceCache {
  private readonly sources = new LruCache<string, SkillSource>(10_000);

  constructor(
    private readonly db: Database,
    bus: InvalidationBus,
  ) {
    bus.subscribe(TENANCY_TOPIC, () => this.sources.clear());
  }

  async sourceOf(projectId: string): Promise<SkillSource> {
    const cached = this.sources.get(projectId);
    if (cached) return cached;
    const source = await this.db.read((m) => skillSourceProject(m, projectId));
    this.sources.set(projectId, source);
    return source;
  }

  forgetAll(): void {
    this.sources.clear();
  }
}
