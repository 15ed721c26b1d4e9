import type { TraceSpan } from "../../platform/telemetry";
import { timeOrderedId } from "../../platform/db/time-ordered-id";
import type { CommittedEvents, Database, DbManager, Tx } from "../../platform/db/database";
import { Conflict, NotFound } from "../../platform/errors";
import type { CallAgent } from "../agents";
import type { ProjectScope } from "../auth";
import {
  callEventData,
  handoffState,
  loadSkill as decideLoad,
  type LoadOutcome,
  type ResolvedSkill,
  type RuntimeEvent,
} from "../runtime";
import { deltaRow, isToolError, startDeltas, type SkillSignals } from "../signals";
import type { WebhookEvent, WebhookService } from "../webhooks";
import { CallEventEntity, CallSkillEntity, type CallEntity } from "./call.entity";
import { CallRecorded } from "./call.events";
import { CallRepository } from "./call.repository";
import { CallContexts } from "./call-contexts";
import { CallLoadStore, type LoadWrite } from "./call-load-store";
import { resolvedSkillColumns } from "./skill-row.entity";
import { currentSegment, modelContextOf, type CallSegment } from "./call-state";

/**
 * What happens to a call (RT-3..RT-11), each step inside the caller's transaction on the locked call row: its start
 * stored, a load decided by the runtime, a handoff, its end — with their events, webhooks and the CallRecorded
 * event. The use cases (CallService) authorise and open the transaction; this decides nothing about who may.
 */
export class CallEngine {
  /** What this process knows of stored call contexts (by content hash): shared by every repository it hands out. */
  private readonly contexts = new CallContexts();
  private readonly loads = new CallLoadStore(this.contexts);

  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhookService,
    private readonly signals: SkillSignals,
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
    const committed = after;
    if (this.db.dialect === "sqlite") {
      const { statements, contexts } = CallRepository.sqliteStart(this.contexts, call, skills, started, deltas);
      await this.db.runPrepared(statements, committed);
      this.contexts.markStored(contexts);
    } else {
      const { statement, contexts } = CallRepository.postgresStart(this.contexts, call, skills, started, deltas);
      await this.db.runNamed("call_start", statement, committed);
      this.contexts.markStored(contexts);
    }
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
   * written in the same transaction (issue 21: through the drivers — SQLite: read, decide and write in one synchronous
   * transaction; PostgreSQL: the call's row locked, then one statement). Its events, loaded flags, signal deltas
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
    if (this.db.dialect === "sqlite") {
      return this.db.inSyncTransaction((tx) => {
        const call = activeOrThrow(store.sqliteCall(tx, scope.projectId, callId), callId);
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
    }
    return this.db.inClientTransaction(async (tx) => {
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

function activeOrThrow(call: CallEntity | null, callId: string): CallEntity {
  if (!call) throw new NotFound("The call");
  if (call.status !== "active")
    throw new Conflict(`The call ${callId} has ended; it takes no more changes.`, { status: call.status });
  return call;
}

/**
 * The runtime's decision (pure) on the call as read, and what it writes: the call's loaded set, event counter
 * (after `lastSeq`, its last event's number) and warnings, its events numbered, the versions it
 * loaded and the skills the cap evicted; nothing to write when the load changes nothing.
 */
function planLoad(call: CallEntity, name: string, lastSeq: number): { outcome: LoadOutcome; write: LoadWrite | null } {
  const segment = currentSegment(call.state);
  const outcome = decideLoad(
    { resolved: segment.resolved, loaded: call.state.loaded, cap: segment.agent.maxLoadedSkills },
    name,
  );
  if (outcome.events.length === 0) return { outcome, write: null };
  const before = call.state.loaded;
  const first = lastSeq + 1;
  call.state = { ...call.state, loaded: outcome.loaded, eventSeq: first - 1 + outcome.events.length };
  // RT-5, AG-5: what the load brings in (missing variables, shadowed tools) warns on the call, as at start.
  call.warnings = [...new Set([...call.warnings, ...modelContextOf(call.state).warnings])];
  return {
    outcome,
    write: {
      call,
      events: loadEventRows(call, outcome.events, before, first),
      loadedVersionIds: outcome.events.flatMap((e) => (e.type === "skill.loaded" ? [e.versionId] : [])),
      // RT-4, OB-3: the skills the cap evicted count as evictions of their skill
      evicted: outcome.events.flatMap((e) => (e.type === "skill.unloaded" && e.reason === "limit" ? [e.skill] : [])),
    },
  };
}

function webhookEventsOf(rows: readonly CallEventEntity[]): WebhookEvent[] {
  return rows.map((row) => ({ id: row.id, type: row.type as WebhookEvent["type"], timestamp: row.at, data: row.data }));
}

/** The rows of a load's events, numbered from `first` on the call as read in the transaction. */
function loadEventRows(
  call: CallEntity,
  events: readonly RuntimeEvent[],
  previouslyLoaded: readonly string[],
  first: number,
): CallEventEntity[] {
  let seq = first - 1;
  const now = new Date();
  // Each event carries the loaded set right after it: an unload's is the set before the load that follows it.
  let loaded = previouslyLoaded;
  return events.map((e) => {
    loaded = e.type === "skill.unloaded" ? loaded.filter((n) => n !== e.skill) : [...loaded, e.skill];
    return eventRow(call, ++seq, e.type, { call_id: call.id, ...callEventData(e) }, now, loaded);
  });
}

function eventRow(
  call: CallEntity,
  seq: number,
  type: string,
  data: Record<string, unknown>,
  at: Date,
  loadedAfter: readonly string[] = call.state.loaded,
): CallEventEntity {
  return Object.assign(new CallEventEntity(), {
    id: timeOrderedId(),
    callId: call.id,
    projectId: call.projectId,
    seq,
    type,
    data,
    loadedAfter: [...loadedAfter],
    segment: call.state.segments.length - 1,
    at,
    expiresAt: call.eventsExpireAt,
  });
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
