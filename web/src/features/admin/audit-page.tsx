import { useQuery } from "@apollo/client/react";
import { Badge, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import type { AuditLogQuery } from "../../gql/graphql";
import { MUTED_COLOR, when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { AUDIT_LOG } from "./admin-documents";

// The server's resource types (AuditResource).
const RESOURCE_TYPES = ["skill", "agent", "api_key", "webhook", "project", "knowledge_base"];
const ACTIONS = ["create", "update", "publish", "rollback", "archived", "delete", "revoke"];

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== "page") next.delete("page");
    setParams(next);
  };
  const page = Number(params.get("page") ?? "1");
  const { data, loading, error } = useQuery(AUDIT_LOG, {
    variables: {
      resourceType: params.get("type"),
      action: params.get("action"),
      resourceId: params.get("resource") || null,
      page,
    },
  });
  const total = data?.auditLog.total ?? 0;
  return (
    <Stack>
      <Title order={1} size="h3">
        Audit log
      </Title>
      <Group align="flex-end">
        <Select
          label="Resource type"
          data={RESOURCE_TYPES}
          value={params.get("type")}
          onChange={(v) => set("type", v)}
          clearable
          placeholder="Any"
          w={220}
        />
        <Select
          label="Action"
          data={ACTIONS}
          value={params.get("action")}
          onChange={(v) => set("action", v)}
          clearable
          placeholder="Any"
          w={160}
        />
        <TextInput
          label="Resource id"
          value={params.get("resource") ?? ""}
          onChange={(e) => set("resource", e.currentTarget.value)}
          w={300}
        />
      </Group>
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="The audit log could not be read" />
      {data && total === 0 ? <Empty>No entries match.</Empty> : null}
      {total > 0 ? (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Actor</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Resource</Table.Th>
              <Table.Th>Id</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data!.auditLog.items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{when(e.at)}</Table.Td>
                <Table.Td>
                  <Actor actor={e.actor} actorKey={e.actorKey ?? null} />
                </Table.Td>
                <Table.Td>{e.action}</Table.Td>
                <Table.Td>{e.resourceType}</Table.Td>
                <Table.Td ff="monospace">{e.resourceId}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {total > 50 ? (
        <Pagination total={Math.ceil(total / 50)} value={page} onChange={(p) => set("page", String(p))} />
      ) : null}
    </Stack>
  );
}

type ActorKey = AuditLogQuery["auditLog"]["items"][number]["actorKey"];

/** Who acted: the key's name and role (its id on hover), or the platform credential. */
function Actor({ actor, actorKey }: { actor: string; actorKey: ActorKey }) {
  if (actor === "platform") return <Text size="sm">platform credential</Text>;
  if (!actorKey) {
    return (
      <Text size="sm" ff="monospace" title="This key is no longer stored">
        key {actor.slice(0, 8)}…
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" title={`key id ${actorKey.id}`}>
      <Text size="sm" fw={500}>
        {actorKey.name ?? `unnamed key ${actorKey.id.slice(0, 8)}…`}
      </Text>
      <Badge size="xs" variant="light" color={MUTED_COLOR}>
        {actorKey.role.toLowerCase()}
      </Badge>
      {actorKey.revokedAt ? (
        <Text size="xs" c="dimmed">
          revoked
        </Text>
      ) : null}
    </Group>
  );
}
