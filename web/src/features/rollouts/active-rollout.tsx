import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Text } from "@mantine/core";
import { Link } from "react-router";
import type { ActiveRolloutsQuery } from "../../gql/graphql";
import { INFO_COLOR, PIN_COLOR, WARN_COLOR } from "../../shared/format";
import { ACTIVE_ROLLOUTS } from "./rollout-documents";

type Active = ActiveRolloutsQuery["running"]["items"][number];

/** Running and paused rollouts by skill name (one read for a whole list). */
export function useActiveRollouts(skill?: string): Map<string, Active> {
  const { data } = useQuery(ACTIVE_ROLLOUTS, { variables: { skill: skill ?? null } });
  return new Map([...(data?.running.items ?? []), ...(data?.paused.items ?? [])].map((r) => [r.skill, r]));
}

/** The skills list's badge, to the rollout's page: "rolling out 10 %" on the candidate, "v2 rolling out 10 %" on live. */
export function RolloutBadge({ rollout, onLive }: { rollout: Active | undefined; onLive: boolean }) {
  if (!rollout) return null;
  const text =
    `${onLive ? `v${rollout.candidate.version} ` : ""}rolling out ${rollout.percent} %` +
    (rollout.status === "paused" ? " · paused" : "");
  return (
    <Anchor
      component={Link}
      to={`/rollouts/${rollout.id}`}
      underline="never"
      aria-label={`${text}: the rollout of version ${rollout.candidate.version} of ${rollout.skill}`}
    >
      <Badge color={rollout.status === "paused" ? WARN_COLOR : PIN_COLOR} variant="light" style={{ cursor: "pointer" }}>
        {text}
      </Badge>
    </Anchor>
  );
}

/** The skill page's notice while a rollout of the skill runs or is paused. */
export function ActiveRolloutNotice({ skill }: { skill: string }) {
  const rollout = useActiveRollouts(skill).get(skill);
  if (!rollout) return null;
  return (
    <Alert
      color={INFO_COLOR}
      variant="light"
      title={`A rollout of ${skill} is ${rollout.status}`}
      data-testid="active-rollout"
    >
      <Text size="sm">
        Version {rollout.candidate.version} gets {rollout.percent} % of new calls.{" "}
        <Anchor component={Link} to={`/rollouts/${rollout.id}`} size="sm" underline="always">
          Open the rollout
        </Anchor>
      </Text>
    </Alert>
  );
}
