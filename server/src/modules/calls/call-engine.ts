import type { TraceSpan } from "../../platform/telemetry";
import { LruCache } from "../../platform/cache/lru-cache";
import {
  isRetryableConflict,
  type CommittedEvents,
  type Database,
  type DbManager,
  type PostgresDirect,
  type Tx,
} from "../../platform/db/database";
import type { CallAgent } from "../agents";
import type { ProjectScope } from "../auth";
import { handoffState, type LoadOutcome, type ResolvedSkill } from "../runtime";
import { deltaRow, isToolError, startDeltas, type SkillSignals } from "../signals";
import type { WebhookOutbox, WebhookService } from "../webhooks";
import { CallEntity, CallSkillEntity } from "./call.entity";
import { CallRecorded } from "./call.events";
import { CallRepository } from "./call.repository";
import { CallContexts } from "./call-contexts";
import { CallLoadRepository, type LoadWrite, type PgQuery, type StatementNotice } from "./call-load.repository";
import { activeOrThrow, eventRow, planLoad, webhookEventsOf } from "./call-load-plan";
import { resolvedSkillColumns } from "./skill-row.entity";
import { currentSegment, modelContextOf, type CallSegment } from "./call-state";

/** Compare-and-set rounds of a PostgreSQL load before it takes the call's row lock. */
const CAS_ATTEMPTS = 3;

/**
 * What happens to a call (RT-3..RT-11), each step inside the caller's transaction on the locked call row: its start
 * stored, a load decided by the runtime, a handoff, its end — with their events, webhooks and the CallRecorded
 * event. The use cases (CallService) authorise and open the transaction; this decides nothing about who may.
 */
export class CallEngine {
  /** What this process knows of stored call contexts (by content hash): shared by every repository it hands out. */
  private readonly contexts = new CallContexts();
  private readonly loads = new CallLoadRepository(this.contexts);
  /**
   * Per call, the active call as this process last started, wrote or read it — what a load decides on:
   * before its compare-and-set on PostgreSQL (a copy that is behind only costs a retry; see `loadIfUnchanged`), and
   * on SQLite while the row's event number says it is current (`CallLoadRepository.sqliteCall`).
   */
  private readonly known = new LruCache<string, CallEntity>(10_000);

  /**
   * `notice`: the live timeline's notice (UX-5) of a call's new events for a statement to send itself (PostgreSQL
   * NOTIFY), or null when the bus sends its own; a load's compare-and-set then needs no statement of the bus's.
   */
  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhookService,
    private readonly signals: SkillSignals,
    private readonly notice: (callId: string) => StatementNotice | null = () => null,
  ) {}

  repository(m: DbManager): CallRepository {
    return new CallRepository(m, this.contexts);
  }

  /** RT-1: a new call, its versions and first event, as one write (one statement on PostgreSQL). */
  async storeStart(call: CallEntity, resolved: readonly ResolvedSkill[], after: CommittedEvents): Promise<void> {
    const skills = callSkillRows(call, resolved, 0, new Set());
    const deltas = startDeltas(call, skills);
    const started = eventRow(
      call,
      1,
      "call.started",
      { call_id: call.id, agent_id: call.agentId, agent_name: call.agentName },
      call.startedAt,
    );
    // No CallRecorded notice: nobody can follow a call (UX-5) before this start has answered with its id, and a
    // follower reads the events stored so far first — a notice here would be a bus message per start for no one.
    const direct = this.db.direct;
    if (direct.dialect === "sqlite") {
      const { statements, contexts } = CallRepository.sqliteStart(this.contexts, call, skills, started, deltas);
      await direct.commit(statements, after);
      this.contexts.markStored(contexts);
    } else {
      const { statement, contexts } = CallRepository.postgresStart(this.contexts, call, skills, started, deltas);
      await direct.run("call_start", statement, after);
      this.contexts.markStored(contexts);
    }
    this.known.set(call.id, Object.assign(new CallEntity(), call));
  }

  /** The scope's call, locked for the rest of the transaction; refused once it ended. */
  async activeCall(
    m: DbManager,
    scope: ProjectScope,
    callId: string,
  ): Promise<{ call: CallEntity; repo: CallRepository }> {
    const repo = this.repository(m);
    return { call: activeOrThrow(await repo.findForUpdate(scope.projectId, callId), callId), repo };
  }

  /**
   * RT-3, RT-4, RT-11: one load on the scope's active call, decided by the runtime on its loaded set as stored, and
   * written in the same transaction (through the drivers — SQLite: read, decide and write in one synchronous
   * transaction; PostgreSQL: one compare-and-set statement, see `loadIfUnchanged`). Its events, loaded flags, signal deltas
   * (RO-3, OB-3) and webhook deliveries commit together; CallRecorded and the deliveries' event after the commit.
   */
  async load(
    scope: ProjectScope,
    callId: string,
    name: string,
    trace?: TraceSpan,
  ): Promise<{ outcome: LoadOutcome; call: CallEntity }> {
    const outbox = await this.webhooks.outbox(scope.projectId, this.db.dialect, trace);
    const store = this.loads;
    const direct = this.db.direct;
    if (direct.dialect === "sqlite") {
      const copy = this.known.get(callId);
      const loaded = await direct.transaction((tx) => {
        const call = activeOrThrow(store.sqliteCall(tx, scope.projectId, callId, copy), callId);
        const last = call.state.eventSeq ?? store.sqliteLastEventSeq(tx, call.id);
        const { outcome, write } = planLoad(call, name, last);
        if (write) {
          store.sqliteRecord(tx, write);
          const queued = outbox(webhookEventsOf(write.events));
          if (queued) {
            tx.run(...queued.statement);
            tx.emit(queued.queued);
          }
          tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id }));
        }
        return { outcome, call };
      }, scope);
      this.known.set(callId, Object.assign(new CallEntity(), loaded.call));
      return loaded;
    }
    return this.loadIfUnchanged(direct, scope, callId, name, outbox);
  }

  /**
   * PostgreSQL: the load decided on the call as this process last wrote or read it (else read now, without a
   * lock) and written by one compare-and-set statement that applies only while the call is still at that event
   * number. A load that lost to another (here or on another instance: RT-4's cap and order hold across them), a
   * stale copy, or an answer that writes nothing from a copy, is decided again on the row as it is now; after
   * `CAS_ATTEMPTS` the load takes the row lock.
   */
  private async loadIfUnchanged(
    pg: PostgresDirect,
    scope: ProjectScope,
    callId: string,
    name: string,
    outbox: WebhookOutbox,
  ): Promise<{ outcome: LoadOutcome; call: CallEntity }> {
    let copy = this.known.get(callId);
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const fromCopy = copy?.projectId === scope.projectId;
      const read = fromCopy ? copy : await this.loads.postgresCurrent(pgQuery(pg), scope.projectId, callId);
      copy = undefined;
      if (!read || read.status !== "active") this.known.delete(callId);
      const version = activeOrThrow(read ?? null, callId).state.eventSeq;
      if (version === undefined) break; // a row from before the counter: the locked load stores one
      const call = Object.assign(new CallEntity(), read); // the plan replaces its state and warnings, not the read's
      const { outcome, write } = planLoad(call, name, version);
      if (!write) {
        if (fromCopy) continue; // "already loaded" or "unknown" is answered from the row as it is
        this.known.set(callId, read!);
        return { outcome, call };
      }
      const applied = await this.recordIfUnchanged(pg, scope, write, version, outbox);
      if (applied) {
        call.eventsExpired = applied.eventsExpired;
        this.known.set(callId, Object.assign(new CallEntity(), call));
        return { outcome, call };
      }
      this.known.delete(callId);
    }
    return this.loadLocked(pg, scope, callId, name, outbox);
  }

  /** The compare-and-set write (with the webhook deliveries in its transaction when there are any: SEC-16). */
  private async recordIfUnchanged(
    pg: PostgresDirect,
    scope: ProjectScope,
    write: LoadWrite,
    version: number,
    outbox: WebhookOutbox,
  ): Promise<{ eventsExpired: boolean } | null> {
    const recorded = CallRecorded({ projectId: write.call.projectId, callId: write.call.id });
    const queued = outbox(webhookEventsOf(write.events));
    try {
      if (!queued) {
        const notice = this.notice(write.call.id);
        const applied = await this.loads.postgresRecordIfUnchanged(pgQuery(pg), write, version, notice);
        const event: CallRecorded = notice ? { ...recorded, toldOthers: true } : recorded;
        if (applied) await pg.delivered({ events: [event], ...scope });
        return applied;
      }
      return await pg.transaction(async (tx) => {
        const applied = await this.loads.postgresRecordIfUnchanged(tx.query, write, version);
        if (!applied) return null;
        await tx.query(`webhook_deliveries_${queued.statement[1].length}`, ...queued.statement);
        tx.emit(queued.queued);
        tx.emit(recorded);
        return applied;
      }, scope);
    } catch (error) {
      // a deadlock or serialization failure wrote nothing: decided again like a lost race
      if (isRetryableConflict(error)) return null;
      throw error;
    }
  }

  /** The load under the call's row lock: BEGIN, SELECT … FOR UPDATE, one write, COMMIT. */
  private async loadLocked(
    pg: PostgresDirect,
    scope: ProjectScope,
    callId: string,
    name: string,
    outbox: WebhookOutbox,
  ): Promise<{ outcome: LoadOutcome; call: CallEntity }> {
    const store = this.loads;
    const result = await pg.transaction(async (tx) => {
      const call = activeOrThrow(await store.postgresCall(tx, scope.projectId, callId), callId);
      const last = call.state.eventSeq ?? (await store.postgresLastEventSeq(tx, call.id));
      const { outcome, write } = planLoad(call, name, last);
      if (write) {
        await store.postgresRecord(tx, write);
        const queued = outbox(webhookEventsOf(write.events));
        if (queued) {
          await tx.query(`webhook_deliveries_${queued.statement[1].length}`, ...queued.statement);
          tx.emit(queued.queued);
        }
        tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id }));
      }
      return { outcome, call };
    }, scope);
    this.known.set(callId, Object.assign(new CallEntity(), result.call));
    return result;
  }

  /**
   * RO-3, OB-3: a run of a skill's own tool (source `skill:<name>`) counts on the call's row of that skill and in
   * the signals, in the transaction that records the run; other tools count nowhere here.
   */
  async countToolRun(tx: Tx, call: CallEntity, source: string, status: string): Promise<void> {
    const skill = currentSegment(call.state).resolved.find((r) => source === `skill:${r.name}`);
    if (!skill) return;
    const failed = isToolError(status);
    await this.repository(tx.manager).countToolRun(call.id, skill.id, failed);
    const key = { projectId: call.projectId, skill: skill.name, agentId: call.agentId, startedAt: call.startedAt };
    await this.signals.record(tx.manager, [deltaRow(key, { toolRuns: 1, toolErrors: failed ? 1 : 0 })]);
  }

  /** RT-9: the target's skills, resolved as at a call's start, become the call's next segment; nothing stays loaded. */
  async applyHandoff(
    tx: Tx,
    scope: ProjectScope,
    callId: string,
    target: CallAgent,
    { segment, warnings }: { segment: CallSegment; warnings: string[] },
  ): Promise<CallEntity> {
    this.known.delete(callId);
    const { call, repo } = await this.activeCall(tx.manager, scope, callId);
    const index = call.state.segments.length;
    const state = handoffState(target.snapshot, segment.resolved);
    call.state = { ...call.state, segments: [...call.state.segments, segment], loaded: [...state.loaded] };
    call.agentId = target.snapshot.agentId;
    call.agentName = target.snapshot.name;
    call.warnings = [...new Set([...call.warnings, ...warnings, ...modelContextOf(call.state).warnings])];
    const known = new Set(call.state.segments.slice(0, -1).flatMap((s) => s.resolved.map((r) => r.id)));
    const existing = await repo.skillsOf([call.id]);
    const fresh = callSkillRows(call, segment.resolved, existing.length, known);
    await repo.addSkills(fresh);
    await this.signals.record(tx.manager, startDeltas(call, fresh));
    const seq = await takeEventSeqs(repo, call, 1);
    await repo.updateCall(call, {
      state: call.state,
      agentId: call.agentId,
      agentName: call.agentName,
      warnings: call.warnings,
    });
    await repo.insertEvents([
      eventRow(
        call,
        seq,
        "call.handoff",
        { call_id: call.id, agent_id: target.snapshot.agentId, agent_name: target.snapshot.name, segment: index },
        new Date(),
      ),
    ]);
    tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id }));
    return call;
  }

  /** RT-10: the call ends with `call.ended`, which carries every version it resolved (and its webhook). */
  async applyEnd(tx: Tx, scope: ProjectScope, callId: string, trace?: TraceSpan): Promise<CallEntity> {
    this.known.delete(callId);
    const { call, repo } = await this.activeCall(tx.manager, scope, callId);
    const now = new Date();
    call.status = "ended";
    call.endedAt = now;
    const seq = await takeEventSeqs(repo, call, 1);
    await repo.updateCall(call, { status: "ended", endedAt: now }, { eventSeq: call.state.eventSeq });
    const skills = (await repo.skillsOf([call.id])).map((s) => ({
      name: s.name,
      version: s.version,
      version_id: s.versionId,
      pinned: s.pinned,
      loaded: s.loaded,
    }));
    const event = eventRow(call, seq, "call.ended", { call_id: call.id, skills }, now);
    await repo.insertEvents([event]);
    tx.emit(CallRecorded({ projectId: call.projectId, callId: call.id }));
    await this.webhooks.enqueue(
      tx,
      call.projectId,
      { id: event.id, type: "call.ended", timestamp: now, data: event.data },
      trace,
    );
    return call;
  }
}

/**
 * Reserves `count` event numbers on a locked call and returns the first; the counter lives in the call's state,
 * saved by the caller's update of the call (no MAX(seq) query on the hot path).
 */
async function takeEventSeqs(repo: CallRepository, call: CallEntity, count: number): Promise<number> {
  const last = call.state.eventSeq ?? (await repo.lastEventSeq(call.id));
  call.state = { ...call.state, eventSeq: last + count };
  return last + 1;
}

function callSkillRows(
  call: CallEntity,
  resolved: readonly ResolvedSkill[],
  offset: number,
  known: ReadonlySet<string>,
): CallSkillEntity[] {
  const fresh = resolved.filter((r) => !known.has(r.id));
  return fresh.map((r, i) =>
    Object.assign(new CallSkillEntity(), {
      callId: call.id,
      position: offset + i,
      ...resolvedSkillColumns(call.projectId, r),
    }),
  );
}

/** The load store's PostgreSQL reads and compare-and-sets, sent as `pg`'s named statements. */
function pgQuery(pg: PostgresDirect): PgQuery {
  return (name, sql, params) => pg.query(name, [sql, params]);
}
