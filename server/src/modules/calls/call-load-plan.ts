import { timeOrderedId } from "../../platform/db/time-ordered-id";
import { Conflict, NotFound } from "../../platform/errors";
import { callEventData, loadSkill as decideLoad, type LoadOutcome, type RuntimeEvent } from "../runtime";
import type { WebhookEvent } from "../webhooks";
import { CallEventEntity, type CallEntity } from "./call.entity";
import type { AddedSkill, LoadWrite } from "./call-load.repository";
import { currentSegment, modelContextOf } from "./call-state";

// What a load and the other steps of a call share: the active-call check, the runtime's decision, event rows.

export function activeOrThrow(call: CallEntity | null, callId: string): CallEntity {
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
export function planLoad(
  call: CallEntity,
  name: string,
  lastSeq: number,
): { outcome: LoadOutcome; write: LoadWrite | null } {
  const segment = currentSegment(call.state);
  const outcome = decideLoad(
    {
      resolved: segment.resolved,
      loaded: call.state.loaded,
      cap: segment.agent.maxLoadedSkills,
      shown: segment.shown ?? null,
    },
    name,
  );
  if (outcome.events.length === 0) return { outcome, write: null };
  const before = call.state.loaded;
  const first = lastSeq + 1;
  call.state = { ...call.state, loaded: outcome.loaded, eventSeq: first - 1 + outcome.events.length };
  // RT-5, AG-5: what the load brings in (missing variables, shadowed tools) warns on the call, as at start.
  call.warnings = [...new Set([...call.warnings, ...modelContextOf(call.state).warnings])];
  const loadedVersionIds = outcome.events.flatMap((e) => (e.type === "skill.loaded" ? [e.versionId] : []));
  return {
    outcome,
    write: {
      call,
      events: loadEventRows(call, outcome.events, before, first),
      loadedVersionIds,
      added: omittedRows(call, loadedVersionIds),
      // RT-4, OB-3: the skills the cap evicted count as evictions of their skill
      evicted: outcome.events.flatMap((e) => (e.type === "skill.unloaded" && e.reason === "limit" ? [e.skill] : [])),
    },
  };
}

/**
 * CT-1: the `call_skills` rows a load may have to add — versions the first segment's budgeted catalog left out (its
 * start wrote no row for them), at their place in the agent's order. A row already there is kept as it is.
 */
function omittedRows(call: CallEntity, versionIds: readonly string[]): AddedSkill[] {
  const segment = call.state.segments[0];
  if (call.state.segments.length !== 1 || !segment?.shown || versionIds.length === 0) return [];
  const shown = new Set(segment.shown);
  return segment.resolved.flatMap((r, position) =>
    versionIds.includes(r.id) && !shown.has(r.name) && !r.rollout
      ? [{ position, name: r.name, version: r.version, versionId: r.id, pinned: r.pinned }]
      : [],
  );
}

export function webhookEventsOf(rows: readonly CallEventEntity[]): WebhookEvent[] {
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

export function eventRow(
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
