import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Code, Group, Paper, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import type { WebhookDeliveriesQuery } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { FAILED_COLOR, INFO_COLOR, MUTED_COLOR, OK_COLOR, when } from "../../shared/format";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import type { UrlFilters } from "../../shared/use-url-filters";
import { REDELIVER_FAILED_WEBHOOKS, REDELIVER_WEBHOOK, WEBHOOK_DELIVERIES } from "./admin-documents";

type Delivery = WebhookDeliveriesQuery["webhookDeliveries"]["items"][number];
const LIMIT = 25;
const STATUS_COLOR: Record<string, string> = { delivered: OK_COLOR, failed: FAILED_COLOR, pending: INFO_COLOR };

/** A datetime-local value (the browser's own picker) for a moment, in local time. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function Attempts({ delivery }: { delivery: Delivery }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        webhook-id <code>{delivery.webhookId}</code>
        {delivery.nextAttemptAt ? ` · next attempt ${when(delivery.nextAttemptAt)}` : ""}
      </Text>
      {delivery.attemptLog.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attempt yet.
        </Text>
      ) : (
        <Table withRowBorders={false} fz="xs" aria-label={`Attempts of delivery ${delivery.id.slice(0, 8)}`}>
          <Table.Tbody>
            {delivery.attemptLog.map((a, i) => (
              <Table.Tr key={`${a.at}-${i}`}>
                <Table.Td>{when(a.at)}</Table.Td>
                <Table.Td>{a.httpStatus ? `HTTP ${a.httpStatus}` : "no answer"}</Table.Td>
                <Table.Td>{a.durationMs} ms</Table.Td>
                <Table.Td>{a.error ?? ""}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Code block>{JSON.stringify(delivery.payload, null, 2)}</Code>
    </Stack>
  );
}

function RedeliverFailed({ subscriptions }: { subscriptions: ReadonlyArray<{ id: string; url: string }> }) {
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  const [since, setSince] = useState(() => localInput(new Date(Date.now() - 86_400_000)));
  const [queued, setQueued] = useState<number | null>(null);
  const [redeliver] = useMutation(REDELIVER_FAILED_WEBHOOKS, { refetchQueries: [WEBHOOK_DELIVERIES] });
  const chosen = subscriptionId ?? subscriptions[0]?.id ?? null;
  const url = subscriptions.find((s) => s.id === chosen)?.url ?? "";
  if (subscriptions.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Redeliver failed deliveries">
      <Group align="flex-end">
        <Select
          label="Redeliver every failed delivery of"
          data={subscriptions.map((s) => ({ value: s.id, label: s.url }))}
          value={chosen}
          onChange={setSubscriptionId}
          allowDeselect={false}
          w={340}
        />
        <TextInput
          type="datetime-local"
          label="Created since"
          value={since}
          onChange={(e) => setSince(e.currentTarget.value)}
          w={220}
        />
        <ConfirmButton
          size="sm"
          variant="filled"
          color={INFO_COLOR}
          disabled={!chosen || !since}
          confirm={`Send every failed delivery to ${url} created since ${when(new Date(since).toISOString())} again?`}
          confirmLabel="Redeliver"
          failure="The failed deliveries were not queued again"
          onConfirm={async () => {
            const res = await redeliver({
              variables: { subscriptionId: chosen!, since: new Date(since).toISOString() },
            });
            setQueued(res.data?.redeliverFailedWebhooks ?? 0);
          }}
        >
          Redeliver failed
        </ConfirmButton>
        {queued !== null ? (
          <Text size="sm" role="status">
            {queued === 0 ? "No failed delivery in that time." : `${queued} queued again.`}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Deliveries newest first, with every attempt; read again every 2 s (every second while one is pending). */
export function WebhookDeliveries({
  subscriptions,
  filters,
}: {
  subscriptions: ReadonlyArray<{ id: string; url: string }>;
  filters: UrlFilters<"subscription" | "status">;
}) {
  const { values } = filters;
  const query = useQuery(WEBHOOK_DELIVERIES, {
    variables: { subscriptionId: values.subscription, status: values.status, page: filters.page, limit: LIMIT },
  });
  const [redeliver] = useMutation(REDELIVER_WEBHOOK, { refetchQueries: [WEBHOOK_DELIVERIES] });
  const [open, setOpen] = useState<string | null>(null);
  // new deliveries and their attempts show up while the page is open: sooner while one is still pending
  const pending = query.data?.webhookDeliveries.items.some((d) => d.status === "pending") ?? false;
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    startPolling(pending ? 1000 : 2000);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);
  const urlOf = new Map(subscriptions.map((s) => [s.id, s.url]));
  const columns: Array<Column<Delivery>> = [
    { header: "Event", nowrap: true, cell: (d) => d.eventType },
    {
      header: "Subscription",
      maxWidth: 260,
      cell: (d) => (
        <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
          {urlOf.get(d.subscriptionId) ?? "(deleted)"}
        </Text>
      ),
    },
    {
      header: "Status",
      nowrap: true,
      cell: (d) => (
        <Badge variant="light" color={STATUS_COLOR[d.status] ?? MUTED_COLOR} data-testid="delivery-status">
          {d.status}
        </Badge>
      ),
    },
    {
      header: "Attempts",
      nowrap: true,
      // a redelivery starts a new series: its attempts, and every attempt since the event when there were more
      cell: (d) => (d.attemptLog.length > d.attempts ? `${d.attempts} (${d.attemptLog.length} in all)` : d.attempts),
    },
    { header: "Created", nowrap: true, cell: (d) => when(d.createdAt) },
    { header: "Delivered", nowrap: true, cell: (d) => when(d.deliveredAt) },
    {
      header: "Last error",
      maxWidth: 240,
      cell: (d) => (
        <Text size="xs" style={{ wordBreak: "break-word" }}>
          {d.lastError ?? "—"}
        </Text>
      ),
    },
    {
      header: "Actions",
      nowrap: true,
      cell: (d) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            color={INFO_COLOR}
            aria-expanded={open === d.id}
            aria-label={`${open === d.id ? "Hide" : "Attempts"} of the ${d.eventType} delivery of ${when(d.createdAt)}`}
            onClick={() => setOpen(open === d.id ? null : d.id)}
          >
            {open === d.id ? "Hide" : "Attempts"}
          </Button>
          {d.status !== "pending" && d.status !== "cancelled" ? (
            <ConfirmButton
              color={INFO_COLOR}
              label={`Redeliver the ${d.eventType} delivery of ${when(d.createdAt)}`}
              failure="The delivery was not sent again"
              onConfirm={() => redeliver({ variables: { deliveryId: d.id } })}
            >
              Redeliver
            </ConfirmButton>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label="Subscription"
          data={subscriptions.map((s) => ({ value: s.id, label: s.url }))}
          value={values.subscription}
          onChange={(subscription) => filters.set({ subscription })}
          clearable
          placeholder="Every subscription"
          w={340}
        />
        <Select
          label="Status"
          data={["pending", "delivered", "failed", "cancelled"]}
          value={values.status}
          onChange={(status) => filters.set({ status })}
          clearable
          placeholder="Any"
          w={160}
        />
      </Group>
      <RedeliverFailed subscriptions={subscriptions} />
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.webhookDeliveries}
        filters={filters}
        limit={LIMIT}
        errorTitle="Deliveries could not be listed"
        empty={filters.active ? "No delivery matches these filters." : "No deliveries yet."}
        label="Deliveries"
        columns={columns}
        rowKey={(x) => x.id}
        below={(x) => (open === x.id ? <Attempts delivery={x} /> : null)}
      />
    </Stack>
  );
}
