import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import type { RolloutsListQuery } from "../../gql/graphql";
import { when } from "../../shared/format";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import { useUrlFilters } from "../../shared/use-url-filters";
import { ROLLOUTS_LIST } from "./rollout-documents";
import { STATUS_LABEL, statusColor } from "./rollout-status";

const LIMIT = 20;
type Row = RolloutsListQuery["rollouts"]["items"][number];

const COLUMNS: Array<Column<Row>> = [
  {
    header: "Rollout",
    nowrap: true,
    cell: (r) => (
      <Anchor component={Link} to={`/rollouts/${r.id}`}>
        version {r.candidate.version} beside version {r.live.version}
      </Anchor>
    ),
  },
  {
    header: "Status",
    nowrap: true,
    cell: (r) => (
      <Badge color={statusColor(r.status)} variant="light">
        {STATUS_LABEL[r.status] ?? r.status}
      </Badge>
    ),
  },
  { header: "Share now", nowrap: true, cell: (r) => `${r.percent} % (steps ${r.steps.join(", ")})` },
  { header: "Started", nowrap: true, cell: (r) => when(r.startedAt) },
  { header: "Ended", nowrap: true, cell: (r) => when(r.endedAt) },
  {
    header: "Why it ended",
    maxWidth: 360,
    cell: (r) => (
      <Text size="sm" lineClamp={2}>
        {r.endReason ?? (r.status === "completed" ? "published" : "")}
      </Text>
    ),
  },
];

/** UX-8: every rollout of one skill, newest first. */
export default function RolloutsListPage() {
  const name = useParams().name ?? "";
  const filters = useUrlFilters([]);
  const query = useQuery(ROLLOUTS_LIST, { variables: { skill: name, page: filters.page, limit: LIMIT } });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3" style={{ wordBreak: "break-word" }}>
          Rollouts of <code>{name}</code>
        </Title>
        <Button component={Link} to={`/skills/${encodeURIComponent(name)}/history`} variant="default" size="xs">
          History
        </Button>
      </Group>
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.rollouts}
        filters={filters}
        limit={LIMIT}
        errorTitle="The rollouts could not be listed"
        empty={`No rollout of ${name} yet. Start one from a draft's “Publish…” dialog.`}
        label="Rollouts"
        columns={COLUMNS}
        rowKey={(r) => r.id}
      />
    </Stack>
  );
}
