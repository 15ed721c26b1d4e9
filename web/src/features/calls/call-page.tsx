import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import { when } from "../../shared/format";
import { ErrorNotice, Loading } from "../../shared/states";
import { CallView } from "./call-view";
import { POLL_MS, useLiveCall } from "./use-live-call";

export default function CallPage() {
  const id = useParams().id ?? "";
  const { data, loading, error, mode } = useLiveCall(id);
  const call = data?.call;
  if (loading && !data) return <Loading label="Reading the call…" />;
  if (error && !call) return <ErrorNotice error={error} title="The call could not be read" />;
  if (!call) return <ErrorNotice error={new Error(`No call has id ${id} in this project.`)} />;
  return (
    <Stack>
      <Group gap="sm">
        <Title order={1} size="h3">
          Call with {call.agentName}
        </Title>
        <Badge color={call.status === "active" ? "#1b6e2f" : "#495057"}>{call.status}</Badge>
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
        <Text c="orange" size="sm">
          {call.warnings.join(" ")}
        </Text>
      ) : null}
      <CallView call={call} />
    </Stack>
  );
}
