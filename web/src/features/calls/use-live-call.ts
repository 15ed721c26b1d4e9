import { useQuery, useSubscription } from "@apollo/client/react";
import { useEffect, useState } from "react";
import type { CallEventFieldsFragment, CallFieldsFragment, ToolInvocationFieldsFragment } from "../../gql/graphql";
import { CALL_EVENTS, CALL_TOOL_INVOCATIONS, READ_CALL } from "./call-documents";

/** Polling is the fallback only: when the graphql-ws socket cannot connect (a proxy without upgrades, an outage). */
export const POLL_MS = 2000;

/**
 * The call as it is now with one more event applied: the timeline grows and what the model sees (prompt, tools,
 * loaded skills) becomes what the event says it was right after it. An event already there changes nothing.
 */
export function withEvent(call: CallFieldsFragment, event: CallEventFieldsFragment): CallFieldsFragment {
  if (call.events.some((e) => e.id === event.id)) return call;
  const loaded = new Set(event.loadedAfter);
  const ended = event.type === "call.ended";
  return {
    ...call,
    events: [...call.events, event],
    loadedSkills: event.loadedAfter,
    systemPrompt: event.systemPromptAfter,
    tools: event.toolsAfter,
    skills: call.skills.map((s) => ({ ...s, loaded: loaded.has(s.name) })),
    ...(ended ? { status: "ended", endedAt: call.endedAt ?? event.at } : {}),
  };
}

/** The call with one more tool run, oldest first as the call lists them; a run already there changes nothing. */
export function withToolRun(call: CallFieldsFragment, run: ToolInvocationFieldsFragment): CallFieldsFragment {
  if (call.toolInvocations.some((t) => t.id === run.id)) return call;
  const runs = [...call.toolInvocations, run].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  return { ...call, toolInvocations: runs };
}

export type LiveMode = "connecting" | "live" | "polling" | "off";

/**
 * UX-5: reads a call and, while it is active, follows its `callEvents` and `callToolInvocations` subscriptions (one
 * socket). A handoff (new agent, new skills) or the end is read again in full.
 */
export function useLiveCall(id: string) {
  const query = useQuery(READ_CALL, { variables: { id } });
  const { refetch, startPolling, stopPolling, client } = query;
  const active = query.data?.call?.status === "active";
  const [socketFailed, setSocketFailed] = useState(false);
  // The server sends the events so far first: the first one to arrive says the socket is up.
  const [heard, setHeard] = useState(false);
  useSubscription(CALL_EVENTS, {
    variables: { callId: id },
    skip: !active || socketFailed,
    fetchPolicy: "no-cache",
    onData: ({ data }) => {
      const event = data.data?.callEvents;
      if (!event) return;
      setHeard(true);
      client.cache.updateQuery({ query: READ_CALL, variables: { id } }, (prev) =>
        prev?.call ? { call: withEvent(prev.call, event) } : prev,
      );
      if (event.type === "call.handoff" || event.type === "call.ended") void refetch().catch(() => undefined);
    },
    onError: () => setSocketFailed(true),
  });
  useSubscription(CALL_TOOL_INVOCATIONS, {
    variables: { callId: id },
    skip: !active || socketFailed,
    fetchPolicy: "no-cache",
    onData: ({ data }) => {
      const run = data.data?.callToolInvocations;
      if (!run) return;
      client.cache.updateQuery({ query: READ_CALL, variables: { id } }, (prev) =>
        prev?.call ? { call: withToolRun(prev.call, run) } : prev,
      );
    },
    onError: () => setSocketFailed(true),
  });
  const mode = useSocketFallback({ active, socketFailed, heard, startPolling, stopPolling });
  return { ...query, mode };
}

/**
 * A live page's mode from its subscription's state, and the fallback: while the thing is active and the socket
 * failed, the query is read again every POLL_MS.
 */
export function useSocketFallback(state: {
  active: boolean;
  socketFailed: boolean;
  heard: boolean;
  startPolling(ms: number): void;
  stopPolling(): void;
}): LiveMode {
  const { active, socketFailed, heard, startPolling, stopPolling } = state;
  const polling = active && socketFailed;
  useEffect(() => {
    if (!polling) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);
  return !active ? "off" : socketFailed ? "polling" : heard ? "live" : "connecting";
}
