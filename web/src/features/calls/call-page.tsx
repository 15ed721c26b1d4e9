import { useQuery } from "@apollo/client/react";
import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useParams } from "react-router";
import { when } from "../../shared/format";
import { ErrorNotice, Loading } from "../../shared/states";
import { READ_CALL } from "./call-documents";
import { CallView } from "./call-view";

// FOLLOW-UP: replace polling with the `callEvents` subscription over graphql-ws once it is on main (api.md,
// "Live call timeline"); until then an active call is read again every 2 s.
const POLL_MS = 2000;

export default function CallPage() {
  const id = useParams().id ?? "";
  const { data, loading, error, startPolling, stopPolling } = useQuery(READ_CALL, { variables: { id } });
  const call = data?.call;
  const active = call?.status === "active";
  useEffect(() => {
    if (!active) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [active, startPolling, stopPolling]);
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
        {call.status === "active" ? (
          <Text size="xs" c="dimmed">
            updating every 2 s
          </Text>
        ) : null}
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
