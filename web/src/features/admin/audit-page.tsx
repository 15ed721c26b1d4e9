import { useQuery } from "@apollo/client/react";
import { Badge, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { AuditLogQuery } from "../../gql/graphql";
import { MUTED_COLOR, when } from "../../shared/format";
import { FilterBar } from "../../shared/filter-bar";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import { useUrlFilters } from "../../shared/use-url-filters";
import { AUDIT_LOG } from "./admin-documents";

// The server's resource types (AuditResource).
const RESOURCE_TYPES = ["skill", "agent", "api_key", "webhook", "project", "knowledge_base"];
const ACTIONS = [
  "create",
  "update",
  "publish",
  "rollback",
  "archived",
  "delete",
  "revoke",
  "add_document",
  "delete_document",
  "redeliver",
  "redeliver_failed",
  "skill_library_set",
];

const LIMIT = 50;
type Entry = AuditLogQuery["auditLog"]["items"][number];

const COLUMNS: Array<Column<Entry>> = [
  { header: "When", nowrap: true, cell: (e) => when(e.at) },
  { header: "Actor", cell: (e) => <Actor actor={e.actor} actorKey={e.actorKey ?? null} /> },
  { header: "Action", nowrap: true, cell: (e) => e.action },
  { header: "Resource", nowrap: true, cell: (e) => e.resourceType },
  {
    header: "Id",
    cell: (e) => (
      <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
        {e.resourceId}
      </Text>
    ),
  },
];

export default function AuditPage() {
  const filters = useUrlFilters(["type", "action", "resource"]);
  const { values } = filters;
  const [resource] = useDebouncedValue(values.resource ?? "", 300);
  const query = useQuery(AUDIT_LOG, {
    variables: {
      resourceType: values.type,
      action: values.action,
      resourceId: resource || null,
      page: filters.page,
      limit: LIMIT,
    },
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        Audit log
      </Title>
      <FilterBar filters={filters}>
        <Select
          label="Resource type"
          data={RESOURCE_TYPES}
          value={values.type}
          onChange={(type) => filters.set({ type })}
          clearable
          placeholder="Any"
          w={220}
        />
        <Select
          label="Action"
          data={ACTIONS}
          value={values.action}
          onChange={(action) => filters.set({ action })}
          clearable
          searchable
          placeholder="Any"
          w={200}
        />
        <TextInput
          label="Resource id"
          value={values.resource ?? ""}
          onChange={(e) => filters.set({ resource: e.currentTarget.value })}
          w={300}
        />
      </FilterBar>
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.auditLog}
        filters={filters}
        limit={LIMIT}
        errorTitle="The audit log could not be read"
        empty={filters.active ? "No entries match these filters." : "No entries yet."}
        label="Audit entries"
        columns={COLUMNS}
        rowKey={(e) => e.id}
      />
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
