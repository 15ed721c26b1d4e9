import { Text, Timeline } from "@mantine/core";
import type { RolloutFieldsFragment } from "../../gql/graphql";
import { when } from "../../shared/format";

type RolloutEvent = RolloutFieldsFragment["events"][number];

const TITLES: Record<string, (e: RolloutEvent) => string> = {
  started: (e) => `Started at ${e.percent} %`,
  advanced: (e) => `Advanced to ${e.percent} %`,
  paused: (e) => `Paused at ${e.percent} %`,
  resumed: (e) => `Resumed at ${e.percent} %`,
  guard_tripped: (e) => `A guard tripped at ${e.percent} %`,
  rolled_back: () => "Rolled back: no call gets the candidate any more",
  aborted: () => "Aborted: no call gets the candidate any more",
  completed: () => "Completed: the candidate is live for everyone",
  evaluated: (e) => `Evals run at ${e.percent} %: ${evalScore(e, "candidate")} candidate, ${evalScore(e, "live")} live`,
  eval_failed: (e) => `Evals failed at ${e.percent} % (tried again on the next check)`,
};

/** "4/6" from an `evaluated` event's detail: an arm's passed iterations of those run. */
function evalScore(event: RolloutEvent, arm: "live" | "candidate"): string {
  const counts = (event.detail as Record<string, { runs?: number; passes?: number } | undefined> | null)?.[arm];
  return `${counts?.passes ?? 0}/${counts?.runs ?? 0}`;
}

/** Who did it and why: "by the rollout guard · SUCCESS_RATE guard tripped: …", "by release-bot", "by key 1a2b3c4d". */
export function eventNote(event: RolloutEvent): string {
  const detail = (event.detail ?? {}) as { actor?: string; reason?: string };
  const actor =
    detail.actor === "rollout-guard"
      ? "the rollout guard"
      : (event.actorName ?? (detail.actor ? `key ${detail.actor.slice(0, 8)}` : null));
  return [when(event.at), actor ? `by ${actor}` : null, detail.reason ?? null].filter(Boolean).join(" · ");
}

/** The rollout's events, oldest first. */
export function RolloutEvents({ events }: { events: readonly RolloutEvent[] }) {
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label="Events">
      {events.map((e, i) => (
        <Timeline.Item key={i} title={(TITLES[e.kind] ?? ((x: RolloutEvent) => x.kind))(e)}>
          <Text size="xs" c="dimmed">
            {eventNote(e)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
