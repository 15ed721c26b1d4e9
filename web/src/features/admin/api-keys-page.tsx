import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Group, Paper, Select, Stack, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import type { ApiKeyRole, ApiKeysQuery } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { MUTED_COLOR, when } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { ErrorNotice } from "../../shared/states";
import { API_KEYS, REVOKE_API_KEY } from "./admin-documents";
import { SecretOnce } from "./secret-once";
import { useApiKeyDraft } from "./use-admin-drafts";

type Key = ApiKeysQuery["apiKeys"][number];

function NewKeyForm() {
  const draft = useApiKeyDraft();
  const { values, edit, fieldError } = draft;
  const [created, setCreated] = useState<{ key: string; role: string } | null>(null);
  async function create() {
    const made = await draft.save();
    if (made) {
      setCreated(made);
      draft.reset();
    }
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="New key">
      <Stack gap="sm">
        <Group align="flex-start">
          <TextInput
            label="Key name"
            value={values.name}
            onChange={(e) => edit({ name: e.currentTarget.value })}
            placeholder="e.g. ci-publisher"
            error={fieldError("name")}
          />
          <Select
            label="Role"
            data={["ADMIN", "EDITOR", "VIEWER"]}
            value={values.role}
            onChange={(v) => v && edit({ role: v as ApiKeyRole })}
            allowDeselect={false}
            w={140}
          />
          <Button mt={25} onClick={() => void create()} loading={draft.saving}>
            Create key
          </Button>
        </Group>
        <ErrorNotice error={draft.problems.length ? null : draft.error} title="The key was not created" />
        {created ? <SecretOnce title={`New ${created.role.toLowerCase()} key`} secret={created.key} /> : null}
      </Stack>
    </Paper>
  );
}

export default function ApiKeysPage() {
  const query = useQuery(API_KEYS);
  const [revoke] = useMutation(REVOKE_API_KEY, { refetchQueries: [API_KEYS] });
  const columns: Array<Column<Key>> = [
    { header: "Name", maxWidth: 280, cell: (k) => k.name ?? "—" },
    { header: "Prefix", nowrap: true, cell: (k) => <code>{k.prefix}…</code> },
    { header: "Role", cell: (k) => k.role.toLowerCase() },
    { header: "Created", nowrap: true, cell: (k) => when(k.createdAt) },
    {
      header: "Status",
      nowrap: true,
      cell: (k) =>
        k.revokedAt ? (
          <Badge color={MUTED_COLOR}>revoked {when(k.revokedAt)}</Badge>
        ) : (
          <ConfirmButton
            label={`Revoke ${k.name ?? k.prefix}`}
            confirm={`Revoke ${k.name ?? k.prefix}? Every request with it is refused from then on.`}
            confirmLabel="Revoke"
            failure="The key was not revoked"
            onConfirm={() => revoke({ variables: { id: k.id } })}
          >
            Revoke {k.name ?? k.prefix}
          </ConfirmButton>
        ),
    },
  ];
  return (
    <Stack>
      <Title order={1} size="h3">
        API keys
      </Title>
      <NewKeyForm />
      <QueryState
        query={query}
        errorTitle="Keys could not be listed"
        isEmpty={(d) => d.apiKeys.length === 0}
        empty="No keys."
      >
        {(d) => <PagedTable label="API keys" columns={columns} rows={d.apiKeys} rowKey={(k) => k.id} />}
      </QueryState>
    </Stack>
  );
}
