import { useQuery } from "@apollo/client/react";
import { Group, Pagination, Select, Stack, Table, TextInput, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { AUDIT_LOG } from "./admin-documents";

const RESOURCE_TYPES = ["skill", "agent", "api_key", "webhook_subscription", "project", "knowledge_base"];
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
                <Table.Td ff="monospace">{e.actor}</Table.Td>
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
