import { useQuery, useSubscription } from "@apollo/client/react";
import { useEffect, useState } from "react";
import type { RolloutFieldsFragment } from "../../gql/graphql";
import { useSocketFallback } from "../calls/use-live-call";
import { READ_ROLLOUT, ROLLOUT_UPDATES } from "./rollout-documents";
import { loadHistory, saveHistory, withPoint, type HistoryPoint } from "./rollout-history";

export const isActive = (status: string) => status === "running" || status === "paused";

/**
 * UX-8: reads a rollout and, while it runs or is paused, follows `rolloutUpdates` (the same graphql-ws socket as a
 * call's timeline; polling only when the socket cannot connect). Every answer adds a point to the chart's history.
 */
export function useLiveRollout(id: string) {
  const query = useQuery(READ_ROLLOUT, { variables: { id } });
  const { startPolling, stopPolling, client } = query;
  const rollout = query.data?.rollout ?? null;
  const active = rollout ? isActive(rollout.status) : false;
  const [socketFailed, setSocketFailed] = useState(false);
  const [heard, setHeard] = useState(false);
  const [history, setHistory] = useState<HistoryPoint[]>(() => loadHistory(id));

  useSubscription(ROLLOUT_UPDATES, {
    variables: { id },
    skip: !active || socketFailed,
    fetchPolicy: "no-cache",
    onData: ({ data }) => {
      const next = data.data?.rolloutUpdates;
      if (!next) return;
      setHeard(true);
      client.cache.updateQuery({ query: READ_ROLLOUT, variables: { id } }, () => ({ rollout: next }));
    },
    onError: () => setSocketFailed(true),
  });

  // One point per answer, whether it came from the first read, a push, a poll or a button's mutation.
  useEffect(() => {
    if (!rollout) return;
    setHistory((h) => {
      const next = withPoint(h, rollout.arms, Date.now());
      saveHistory(id, next);
      return next;
    });
  }, [id, rollout]);

  const mode = useSocketFallback({ active, socketFailed, heard, startPolling, stopPolling });
  return { query, rollout: rollout as RolloutFieldsFragment | null, history, mode };
}
