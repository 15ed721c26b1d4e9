import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { MUTED_COLOR, OK_COLOR, WARN_COLOR, when } from "../../shared/format";
import type { CallFieldsFragment } from "../../gql/graphql";
import { QueryState } from "../../shared/query-state";
import { NotFound } from "../../shared/states";
import { CallView } from "./call-view";
import { POLL_MS, useLiveCall, type LiveMode } from "./use-live-call";

export default function CallPage() {
  const id = useParams().id ?? "";
  const live = useLiveCall(id);
  return (
    <QueryState
      query={live}
      errorTitle="The call could not be read"
      loadingLabel="Reading the call…"
      isEmpty={(d) => !d.call}
      notFound={
        <NotFound back={{ to: "/calls", label: "Back to calls" }}>No call has id {id} in this project.</NotFound>
      }
    >
      {(d) => <CallHeaderAndView call={d.call!} mode={live.mode} />}
    </QueryState>
  );
}

function CallHeaderAndView({ call, mode }: { call: CallFieldsFragment; mode: LiveMode }) {
  return (
    <Stack>
      <Group gap="sm">
        <Title order={1} size="h3">
          Call with {call.agentName}
        </Title>
        <Badge color={call.status === "active" ? OK_COLOR : MUTED_COLOR}>{call.status}</Badge>
        {mode === "off" ? null : (
          <Text size="xs" c="dimmed" data-testid="live-mode">
            {mode === "live"
              ? "live: new events appear as they happen"
              : mode === "connecting"
                ? "connecting for live events…"
                : `live updates unavailable; reading again every ${POLL_MS / 1000} s`}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Started {when(call.startedAt)}
        {call.endedAt ? ` · ended ${when(call.endedAt)}` : ""} · {call.id}
      </Text>
      {call.warnings.length ? (
        <Text c={WARN_COLOR} size="sm">
          {call.warnings.join(" ")}
        </Text>
      ) : null}
      <CallView call={call} />
    </Stack>
  );
}
