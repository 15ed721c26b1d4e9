import { randomUUID } from "node:crypto";
import type { Tx } from "../../platform/db/database";
import type { AuditService } from "../audit";
import type { ActingScope, SkillLifecycleService } from "../skills";
import type { WebhookService } from "../webhooks";
import { alphaOf, higherIsWorse, type GuardVerdict } from "./rollout-guards";
import { RolloutChanged } from "./rollout.events";
import { rolloutEventRow, type RolloutEntity, type RolloutEventEntity, type RolloutEventKind } from "./rollout.entity";
import { RolloutRepository } from "./rollout.repository";

/** The actor of every decision the rollout takes by itself (a step on time, a guard's rollback, RO-4, RO-5). */
export const ROLLOUT_GUARD_ACTOR = "rollout-guard";

/** One change of a rollout, as decided; `apply` makes it, with every effect, in the caller's transaction. */
export type RolloutChange =
  | { kind: "started" }
  | { kind: "advanced"; index: number; percent: number }
  | { kind: "completed"; index: number }
  | { kind: "paused"; reason?: string }
  | { kind: "resumed" }
  | { kind: "rolled_back"; verdict: GuardVerdict }
  | { kind: "aborted"; reason: string };

const WEBHOOK_TYPES: Partial<Record<RolloutChange["kind"], string>> = {
  started: "rollout.started",
  advanced: "rollout.advanced",
  completed: "rollout.completed",
  rolled_back: "rollout.rolled_back",
  aborted: "rollout.aborted",
};

const AUDIT_ACTIONS: Record<RolloutChange["kind"], string> = {
  started: "rollout_started",
  advanced: "rollout_advanced",
  completed: "rollout_completed",
  paused: "rollout_paused",
  resumed: "rollout_resumed",
  rolled_back: "rollout_rolled_back",
  aborted: "rollout_aborted",
};

/**
 * RO-5, RO-6: a rollout's change and all its effects — the row, its events, the publish on completion (the one
 * publish path, `SkillLifecycleService.publishInTx`), the audit entry, the webhook, the caches' invalidation — in
 * the caller's transaction, so a crash leaves the rollout as before or as after, never half.
 */
export class RolloutSteps {
  constructor(
    private readonly audit: AuditService,
    private readonly webhooks: WebhookService,
    private readonly lifecycle: SkillLifecycleService,
  ) {}

  async apply(tx: Tx, rollout: RolloutEntity, change: RolloutChange, actor: string): Promise<RolloutEntity> {
    const repo = new RolloutRepository(tx.manager);
    const now = new Date();
    const updates = this.rowChanges(rollout, change, now);
    if (change.kind === "completed") {
      // SV-3 exactly as publishSkillVersion does it: live pointer, archive, pointer history, audit, invalidation.
      const scope: ActingScope = { projectId: rollout.projectId, actor };
      await this.lifecycle.publishInTx(tx, scope, rollout.candidateVersionId);
    }
    Object.assign(rollout, updates, { updatedAt: now });
    if (change.kind === "started") await repo.insert(rollout);
    else await repo.update(rollout.id, { ...updates, updatedAt: now });
    const detail = this.detailOf(change, actor);
    const seq = change.kind === "started" ? 1 : await repo.nextSeq(rollout.id);
    const events: RolloutEventEntity[] = [];
    if (change.kind === "rolled_back") events.push(this.event(rollout, seq, "guard_tripped", 0, detail, now));
    events.push(this.event(rollout, seq + events.length, change.kind, rollout.percent, detail, now));
    await repo.appendEvents(events);
    await this.audit.record(tx, {
      projectId: rollout.projectId,
      resourceType: "skill",
      resourceId: rollout.candidateVersionId,
      action: AUDIT_ACTIONS[change.kind],
      actor,
      data: { name: rollout.skillName, version: rollout.candidateVersion, rollout_id: rollout.id, ...snake(detail) },
    });
    const type = WEBHOOK_TYPES[change.kind];
    if (type) {
      await this.webhooks.enqueue(tx, rollout.projectId, {
        id: randomUUID(),
        type,
        timestamp: now,
        data: rolloutWebhookData(rollout, change),
      });
    }
    tx.emit(RolloutChanged({ projectId: rollout.projectId, rolloutId: rollout.id }));
    return rollout;
  }

  private rowChanges(rollout: RolloutEntity, change: RolloutChange, now: Date): Partial<RolloutEntity> {
    switch (change.kind) {
      case "started":
        return {};
      case "advanced":
        return { stepIndex: change.index, percent: change.percent, stepStartedAt: now };
      case "completed":
        return { stepIndex: change.index, percent: 100, status: "completed", endedAt: now, stepStartedAt: now };
      case "paused":
        return { status: "paused" };
      case "resumed":
        return { status: "running", stepStartedAt: now };
      case "rolled_back":
        return {
          status: "rolled_back",
          percent: 0,
          endedAt: now,
          endReason: guardReason(change.verdict),
          guards: rollout.guards.map((g, i) =>
            i === rollout.guards.indexOf(change.verdict.guard) ? { ...g, tripped: true } : g,
          ),
        };
      case "aborted":
        return { status: "aborted", percent: 0, endedAt: now, endReason: change.reason };
    }
  }

  private detailOf(change: RolloutChange, actor: string): Record<string, unknown> {
    const base: Record<string, unknown> = { actor };
    if (change.kind === "rolled_back")
      return { ...base, reason: guardReason(change.verdict), guard: guardData(change.verdict) };
    if (change.kind === "aborted" || (change.kind === "paused" && change.reason))
      return { ...base, reason: change.reason };
    return base;
  }

  private event(
    rollout: RolloutEntity,
    seq: number,
    kind: RolloutEventKind,
    percent: number,
    detail: Record<string, unknown>,
    at: Date,
  ): RolloutEventEntity {
    const shown = kind === "guard_tripped" ? (rollout.steps[rollout.stepIndex] ?? percent) : percent;
    return rolloutEventRow(rollout, seq, kind, shown, detail, at);
  }
}

function snake(detail: Record<string, unknown>): Record<string, unknown> {
  const { actor: _actor, ...rest } = detail;
  return rest;
}

/**
 * The guard as webhooks, audit entries and events name it: metric, allowed degradation, alpha, both arms' values and
 * samples, and the interval of the degradation the test tripped on (RO-4).
 */
export function guardData(verdict: GuardVerdict): Record<string, unknown> {
  const { evidence } = verdict;
  return {
    metric: verdict.guard.metric,
    max_degradation: verdict.guard.maxDegradation,
    min_samples: verdict.guard.minSamples,
    alpha: alphaOf(verdict.guard),
    live: verdict.live.rate,
    candidate: verdict.candidate.rate,
    live_samples: verdict.live.samples,
    candidate_samples: verdict.candidate.samples,
    difference_low: rounded(evidence.differenceLow),
    difference_high: rounded(evidence.differenceHigh),
  };
}

function rounded(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10_000) / 10_000;
}

export function guardReason(verdict: GuardVerdict): string {
  const pct = (rate: number | null) => (rate === null ? "n/a" : `${(rate * 100).toFixed(1)} %`);
  const direction = higherIsWorse(verdict.guard.metric) ? "higher" : "lower";
  const { differenceLow: low, differenceHigh: high } = verdict.evidence;
  const interval =
    low === null || high === null
      ? ""
      : `, ${points(low)} to ${points(high)} points ${direction} at ` +
        `${Math.round((1 - alphaOf(verdict.guard)) * 1000) / 10} % confidence`;
  return (
    `${verdict.guard.metric} guard tripped: candidate ${pct(verdict.candidate.rate)} vs live ` +
    `${pct(verdict.live.rate)}${interval} (allowed: ${allowedPoints(verdict.guard.maxDegradation)} ${direction})`
  );
}

function points(difference: number): string {
  return (Math.round(difference * 1000) / 10).toFixed(1);
}

/** An absolute degradation as the console's guard column says it: 0.05 → "5 points" (a rate's percentage points). */
function allowedPoints(maxDegradation: number): string {
  const points = Math.round(maxDegradation * 1000) / 10;
  return `${points} ${points === 1 ? "point" : "points"}`;
}

/** api.md: `data` of the rollout.* webhooks. */
export function rolloutWebhookData(rollout: RolloutEntity, change: RolloutChange): Record<string, unknown> {
  return {
    rollout_id: rollout.id,
    skill: rollout.skillName,
    candidate: { version: rollout.candidateVersion, version_id: rollout.candidateVersionId },
    live: { version: rollout.liveVersion, version_id: rollout.liveVersionId },
    percent: rollout.percent,
    ...(change.kind === "aborted" ? { reason: change.reason } : {}),
    ...(change.kind === "rolled_back" ? { reason: guardReason(change.verdict), guard: guardData(change.verdict) } : {}),
  };
}
