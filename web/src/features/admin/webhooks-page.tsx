import { useMutation, useQuery } from "@apollo/client/react";
import { Anchor, Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import type { WebhooksQuery } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { INFO_COLOR, when } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { ErrorNotice } from "../../shared/states";
import { useUrlFilters } from "../../shared/use-url-filters";
import { DELETE_WEBHOOK, WEBHOOKS } from "./admin-documents";
import { SecretOnce } from "./secret-once";
import { EVENT_TYPES, useWebhookDraft } from "./use-admin-drafts";
import { WebhookDeliveries } from "./webhook-deliveries";

type Subscription = WebhooksQuery["webhookSubscriptions"][number];

function SubscribeForm() {
  const draft = useWebhookDraft();
  const { values, edit, fieldError } = draft;
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  async function subscribe() {
    const made = await draft.save();
    if (made) setCreated({ url: made.subscription.url, secret: made.secret });
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="New subscription">
      <Stack gap="sm">
        <Title order={2} size="h5">
          New subscription
        </Title>
        <Group align="flex-start">
          <TextInput
            label="URL"
            description="Where each event is POSTed, signed with the subscription's secret."
            value={values.url}
            onChange={(e) => edit({ url: e.currentTarget.value })}
            error={fieldError("url")}
            style={{ flex: 1 }}
            miw={320}
          />
          <MultiSelect
            label="Events"
            description="What the URL is told of."
            data={EVENT_TYPES}
            value={values.eventTypes}
            onChange={(eventTypes) => edit({ eventTypes })}
            error={fieldError("event_types")}
            w={340}
          />
        </Group>
        <ErrorNotice error={draft.problems.length ? null : draft.error} title="The subscription was not created" />
        <Group>
          <Button onClick={() => void subscribe()} loading={draft.saving}>
            Subscribe
          </Button>
        </Group>
        {created ? <SecretOnce title={`Signing secret of ${created.url}`} secret={created.secret} /> : null}
      </Stack>
    </Paper>
  );
}

/** UX-6 webhooks: subscriptions (the secret shown once), their deliveries with every attempt, and redelivery. */
export default function WebhooksPage() {
  const query = useQuery(WEBHOOKS);
  const [remove] = useMutation(DELETE_WEBHOOK, { refetchQueries: [WEBHOOKS] });
  const filters = useUrlFilters(["subscription", "status"]);
  const columns: Array<Column<Subscription>> = [
    {
      header: "URL",
      maxWidth: 420,
      cell: (s) => (
        <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
          {s.url}
        </Text>
      ),
    },
    { header: "Events", cell: (s) => s.eventTypes.join(", ") },
    { header: "Created", nowrap: true, cell: (s) => when(s.createdAt) },
    {
      header: "Actions",
      nowrap: true,
      cell: (s) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            color={INFO_COLOR}
            aria-label={`Deliveries to ${s.url}`}
            onClick={() => filters.set({ subscription: s.id })}
          >
            Deliveries
          </Button>
          <ConfirmButton
            label={`Delete the subscription to ${s.url}`}
            confirm={`Delete the subscription to ${s.url}? Its pending deliveries are cancelled.`}
            confirmLabel="Delete"
            failure="The subscription was not deleted"
            onConfirm={() => remove({ variables: { id: s.id } })}
          >
            Delete
          </ConfirmButton>
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <Title order={1} size="h3">
        Webhooks
      </Title>
      <SubscribeForm />
      <Title order={2} size="h4">
        Subscriptions
      </Title>
      <QueryState
        query={query}
        errorTitle="Subscriptions could not be listed"
        isEmpty={(d) => d.webhookSubscriptions.length === 0}
        empty="No subscriptions."
      >
        {(d) => (
          <PagedTable label="Subscriptions" columns={columns} rows={d.webhookSubscriptions} rowKey={(s) => s.id} />
        )}
      </QueryState>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          Deliveries
        </Title>
        {filters.values.subscription ? (
          <Anchor component="button" type="button" size="sm" onClick={() => filters.set({ subscription: null })}>
            Show every subscription's deliveries
          </Anchor>
        ) : null}
      </Group>
      <WebhookDeliveries subscriptions={query.data?.webhookSubscriptions ?? []} filters={filters} />
    </Stack>
  );
}
