import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import type { RolloutFieldsFragment } from "../../gql/graphql";
import { FAILED_COLOR, OK_COLOR, when } from "../../shared/format";
import { QueryState } from "../../shared/query-state";
import { NotFound } from "../../shared/states";
import { POLL_MS, type LiveMode } from "../calls/use-live-call";
import { useCanWrite } from "../sign-in/session-context";
import { GuardEvidence } from "./guard-evidence";
import { RolloutActions } from "./rollout-actions";
import { RolloutArms } from "./rollout-arms";
import { RolloutChart } from "./rollout-chart";
import { RolloutEvents } from "./rollout-events";
import type { HistoryPoint } from "./rollout-history";
import { STATUS_LABEL, statusColor } from "./rollout-status";
import { StepBar } from "./step-bar";
import { isActive, useLiveRollout } from "./use-live-rollout";

/** UX-8: a rollout — where it stands, both arms, their rates over time (live), its events, and the hand controls. */
export default function RolloutPage() {
  const id = useParams().id ?? "";
  const live = useLiveRollout(id);
  return (
    <QueryState
      query={live.query}
      errorTitle="The rollout could not be read"
      loadingLabel="Reading the rollout…"
      isEmpty={(d) => !d.rollout}
      notFound={
        <NotFound back={{ to: "/skills", label: "Back to skills" }}>No rollout has id {id} in this project.</NotFound>
      }
    >
      {() => (live.rollout ? <Rollout rollout={live.rollout} history={live.history} mode={live.mode} /> : null)}
    </QueryState>
  );
}

const LIVE_TEXT: Record<LiveMode, string | null> = {
  off: null,
  live: "live: updates as calls and outcomes come in",
  connecting: "connecting for live updates…",
  polling: `live updates unavailable; reading again every ${POLL_MS / 1000} s`,
};

function Rollout(props: { rollout: RolloutFieldsFragment; history: HistoryPoint[]; mode: LiveMode }) {
  const { rollout: r, mode } = props;
  const canWrite = useCanWrite();
  const skillLink = `/skills/${encodeURIComponent(r.skill)}/rollouts`;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h3" style={{ wordBreak: "break-word" }}>
              Rollout of {r.skill}: version {r.candidate.version}
            </Title>
            <Badge color={statusColor(r.status)} data-testid="rollout-status">
              {STATUS_LABEL[r.status] ?? r.status}
            </Badge>
            {LIVE_TEXT[mode] ? (
              <Text size="xs" c="dimmed" data-testid="live-mode">
                {LIVE_TEXT[mode]}
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            Started {when(r.startedAt)}
            {r.endedAt ? ` · ended ${when(r.endedAt)}` : ""}
            {r.nextStepAt ? ` · next step ${when(r.nextStepAt)}` : ""}
            {isActive(r.status) && r.stepMinutes === 0 ? " · advances by hand" : ""}
            {r.stepMinutes > 0 ? ` · ${r.stepMinutes} min per step` : ""} ·{" "}
            <Anchor component={Link} to={skillLink} size="xs" underline="always">
              all rollouts of {r.skill}
            </Anchor>{" "}
            ·{" "}
            <Anchor component={Link} to={`/skills/v/${r.candidate.id}`} size="xs" underline="always">
              version {r.candidate.version}
            </Anchor>
          </Text>
        </Stack>
        {canWrite && isActive(r.status) ? <RolloutActions rollout={r} /> : null}
      </Group>
      <Ending rollout={r} />
      <Card withBorder padding="md">
        <Text size="sm" mb="sm" data-testid="rollout-share">
          {isActive(r.status)
            ? `${r.percent} % of new calls get version ${r.candidate.version}; the rest keep version ${r.live.version}.`
            : r.status === "completed"
              ? `Version ${r.candidate.version} is live for every call.`
              : `No new call gets version ${r.candidate.version}; version ${r.live.version} stayed live.`}
        </Text>
        <StepBar steps={r.steps} stepIndex={r.stepIndex} status={r.status} />
      </Card>
      <Title order={2} size="h4">
        Both versions side by side
      </Title>
      <RolloutArms rollout={r} />
      <Title order={2} size="h4">
        What the guards see
      </Title>
      <GuardEvidence rollout={r} />
      <Title order={2} size="h4">
        Over time
      </Title>
      <RolloutChart
        history={props.history}
        liveLabel={`live · version ${r.live.version}`}
        candidateLabel={`candidate · version ${r.candidate.version}`}
      />
      <Title order={2} size="h4">
        Events
      </Title>
      <RolloutEvents events={r.events} />
    </Stack>
  );
}

function Ending({ rollout: r }: { rollout: RolloutFieldsFragment }) {
  if (r.status === "completed")
    return (
      <Alert color={OK_COLOR} variant="light" title={`Version ${r.candidate.version} was published`}>
        The rollout reached 100 %: every call that follows the live version gets version {r.candidate.version}.
      </Alert>
    );
  if (r.status === "rolled_back" || r.status === "aborted")
    return (
      <Alert
        color={FAILED_COLOR}
        variant="light"
        role="alert"
        title={r.status === "rolled_back" ? "A guard rolled it back" : "Aborted"}
      >
        <Text size="sm" data-testid="end-reason">
          {r.endReason}
        </Text>
        <Text size="sm" mt={4}>
          Version {r.live.version} stayed live; version {r.candidate.version} is a draft again: edit it and start a new
          rollout.
        </Text>
      </Alert>
    );
  return null;
}
