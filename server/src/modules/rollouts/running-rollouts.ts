import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import type { RolloutCandidate } from "../calls";
import type { SkillReader } from "../skills";
import type { RolloutService } from "./rollout.service";

/** A rollout change publishes its project's id here; every instance drops that project's running rollouts. */
export const RUNNING_ROLLOUTS_TOPIC = "rollouts_running";

/**
 * RO-2, fast: the running and paused rollouts of a source project, with their candidates, as every resolution asks
 * them (CallResolution's port). Cached per project — also "none", so a project without a rollout costs no query —
 * and dropped on every instance after a rollout starts, moves or ends (the invalidation bus), as the live pointers
 * are. A frozen candidate never changes while its rollout runs, so it is cached with it.
 */
export class RunningRollouts {
  private readonly cache: InvalidatedCache<string, RolloutCandidate[]>;

  constructor(
    bus: InvalidationBus,
    private readonly rollouts: Pick<RolloutService, "activeOf">,
    private readonly skills: SkillReader,
  ) {
    this.cache = new InvalidatedCache(bus, RUNNING_ROLLOUTS_TOPIC, 50_000);
  }

  of(projectId: string): Promise<RolloutCandidate[]> {
    return this.cache.getOrLoad(projectId, () => this.load(projectId));
  }

  /** After a rollout of the project changed (committed). */
  changed(projectId: string): Promise<void> {
    return this.cache.invalidate(projectId);
  }

  private async load(projectId: string): Promise<RolloutCandidate[]> {
    const active = await this.rollouts.activeOf(projectId);
    if (active.length === 0) return [];
    const candidates = new Map(
      (
        await this.skills.versionsByIds(
          projectId,
          active.map((r) => r.candidateVersionId),
        )
      ).map((v) => [v.id, v]),
    );
    return active.flatMap((r) => {
      const candidate = candidates.get(r.candidateVersionId);
      if (!candidate || candidate.state !== "draft" || candidate.revokedAt) return [];
      return [{ rolloutId: r.id, name: r.skillName, percent: r.percent, liveVersionId: r.liveVersionId, candidate }];
    });
  }
}
