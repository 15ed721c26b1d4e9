import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Group, MultiSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { CREATE_WEBHOOK, DELETE_WEBHOOK, WEBHOOK_DELIVERIES, WEBHOOKS } from "./admin-documents";
import { SecretOnce } from "./secret-once";

const EVENT_TYPES = ["skill.loaded", "skill.unloaded", "call.ended"];

function Deliveries({ subscriptionId }: { subscriptionId: string | null }) {
  const { data, loading, error } = useQuery(WEBHOOK_DELIVERIES, { variables: { subscriptionId, page: 1 } });
  if (loading && !data) return <Loading />;
  if (error) return <ErrorNotice error={error} title="Deliveries could not be listed" />;
  if (!data?.webhookDeliveries.items.length) return <Empty>No deliveries yet.</Empty>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Event</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Attempts</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th>Last error</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.webhookDeliveries.items.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>{d.eventType}</Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={d.status === "delivered" ? "#1b6e2f" : d.status === "failed" ? "#b02525" : "#495057"}
              >
                {d.status}
              </Badge>
            </Table.Td>
            <Table.Td
              title={d.attemptLog
                .map((a) => `${when(a.at)}: ${a.httpStatus ?? a.error ?? "?"} (${a.durationMs} ms)`)
                .join("\n")}
            >
              {d.attempts}
            </Table.Td>
            <Table.Td>{when(d.createdAt)}</Table.Td>
            <Table.Td>
              <Text size="xs">{d.lastError ?? "—"}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function WebhooksPage() {
  const { data, loading, error } = useQuery(WEBHOOKS);
  const [url, setUrl] = useState("https://");
  const [types, setTypes] = useState<string[]>(["call.ended"]);
  const [selected, setSelected] = useState<string | null>(null);
  const [create, created] = useMutation(CREATE_WEBHOOK, { refetchQueries: [WEBHOOKS] });
  const [remove, removed] = useMutation(DELETE_WEBHOOK, { refetchQueries: [WEBHOOKS] });
  return (
    <Stack>
      <Title order={1} size="h3">
        Webhooks
      </Title>
      <Group align="flex-end">
        <TextInput label="URL" value={url} onChange={(e) => setUrl(e.currentTarget.value)} w={360} />
        <MultiSelect label="Events" data={EVENT_TYPES} value={types} onChange={setTypes} w={320} />
        <Button
          onClick={() => void create({ variables: { url, eventTypes: types } }).catch(() => undefined)}
          loading={created.loading}
        >
          Subscribe
        </Button>
      </Group>
      <ErrorNotice error={created.error} title="The subscription was not created" />
      {created.data ? (
        <SecretOnce title="Signing secret" secret={created.data.createWebhookSubscription.secret} />
      ) : null}
      <ErrorNotice error={removed.error} title="The subscription was not deleted" />
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="Subscriptions could not be listed" />
      {data && data.webhookSubscriptions.length === 0 ? <Empty>No subscriptions.</Empty> : null}
      {data?.webhookSubscriptions.length ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>URL</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.webhookSubscriptions.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td ff="monospace">{s.url}</Table.Td>
                <Table.Td>{s.eventTypes.join(", ")}</Table.Td>
                <Table.Td>{when(s.createdAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="compact-xs" variant="default" onClick={() => setSelected(s.id)}>
                      Deliveries
                    </Button>
                    <Button
                      size="compact-xs"
                      color="#b02525"
                      variant="light"
                      onClick={() => void remove({ variables: { id: s.id } }).catch(() => undefined)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Title order={2} size="h5">
        Deliveries {selected ? "of the selected subscription" : "(all)"}
      </Title>
      <Deliveries subscriptionId={selected} />
    </Stack>
  );
}
