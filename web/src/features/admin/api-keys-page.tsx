import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Group, Select, Stack, Table, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import type { ApiKeyRole } from "../../gql/graphql";
import { when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { API_KEYS, CREATE_API_KEY, REVOKE_API_KEY } from "./admin-documents";
import { SecretOnce } from "./secret-once";

export default function ApiKeysPage() {
  const { data, loading, error } = useQuery(API_KEYS);
  const [name, setName] = useState("");
  const [role, setRole] = useState<ApiKeyRole>("EDITOR");
  const [create, created] = useMutation(CREATE_API_KEY, { refetchQueries: [API_KEYS] });
  const [revoke, revoked] = useMutation(REVOKE_API_KEY, { refetchQueries: [API_KEYS] });
  return (
    <Stack>
      <Title order={1} size="h3">
        API keys
      </Title>
      <Group align="flex-end">
        <TextInput
          label="Key name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          placeholder="e.g. ci-publisher"
        />
        <Select
          label="Role"
          data={["ADMIN", "EDITOR", "VIEWER"]}
          value={role}
          onChange={(v) => v && setRole(v as ApiKeyRole)}
          allowDeselect={false}
          w={140}
        />
        <Button
          onClick={() => void create({ variables: { name: name || null, role } }).catch(() => undefined)}
          loading={created.loading}
        >
          Create key
        </Button>
      </Group>
      <ErrorNotice error={created.error} title="The key was not created" />
      {created.data ? (
        <SecretOnce
          title={`New ${created.data.createApiKey.role.toLowerCase()} key`}
          secret={created.data.createApiKey.key}
        />
      ) : null}
      <ErrorNotice error={revoked.error} title="The key was not revoked" />
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="Keys could not be listed" />
      {data && data.apiKeys.length === 0 ? <Empty>No keys.</Empty> : null}
      {data?.apiKeys.length ? (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Prefix</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.apiKeys.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name ?? "—"}</Table.Td>
                <Table.Td ff="monospace">{k.prefix}…</Table.Td>
                <Table.Td>{k.role.toLowerCase()}</Table.Td>
                <Table.Td>{when(k.createdAt)}</Table.Td>
                <Table.Td>
                  {k.revokedAt ? (
                    <Badge color="#495057">revoked {when(k.revokedAt)}</Badge>
                  ) : (
                    <Button
                      size="compact-xs"
                      color="#b02525"
                      variant="light"
                      onClick={() => void revoke({ variables: { id: k.id } }).catch(() => undefined)}
                    >
                      Revoke {k.name ?? k.prefix}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
