import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Link } from "react-router";
import type { CallsListQuery } from "../../gql/graphql";
import { MUTED_COLOR, OK_COLOR, shortId, when } from "../../shared/format";
import { FilterBar } from "../../shared/filter-bar";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import { TimeRangeFilter, timeBounds } from "../../shared/time-range";
import { useUrlFilters } from "../../shared/use-url-filters";
import { AgentFilter } from "../agents/agent-filter";
import { CALLS_LIST } from "./call-documents";

const LIMIT = 25;
type Call = CallsListQuery["calls"]["items"][number];

const COLUMNS: Array<Column<Call>> = [
  {
    header: "Call",
    nowrap: true,
    cell: (c) => (
      <Anchor component={Link} to={`/calls/${c.id}`} ff="monospace">
        {shortId(c.id)}
      </Anchor>
    ),
  },
  { header: "Agent", cell: (c) => <Text size="sm">{c.agentName}</Text>, maxWidth: 260 },
  {
    header: "Status",
    nowrap: true,
    cell: (c) => (
      <Badge variant="light" color={c.status === "active" ? OK_COLOR : MUTED_COLOR}>
        {c.status}
      </Badge>
    ),
  },
  { header: "Loaded skills", cell: (c) => c.loadedSkills.join(", ") || "—", maxWidth: 320 },
  { header: "Started", nowrap: true, cell: (c) => when(c.startedAt) },
];

export default function CallsListPage() {
  const filters = useUrlFilters(["agent", "skill", "status", "since", "from", "until"]);
  const { values } = filters;
  const [skill] = useDebouncedValue(values.skill ?? "", 300);
  const bounds = timeBounds(values);
  const query = useQuery(CALLS_LIST, {
    variables: {
      agentId: values.agent,
      skillName: skill || null,
      status: values.status,
      startedAfter: bounds.after,
      startedBefore: bounds.before,
      page: filters.page,
      limit: LIMIT,
    },
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        Calls
      </Title>
      <FilterBar filters={filters}>
        <AgentFilter value={values.agent} onChange={(agent) => filters.set({ agent })} />
        <TextInput
          label="Skill"
          value={values.skill ?? ""}
          onChange={(e) => filters.set({ skill: e.currentTarget.value })}
          placeholder="Skill name"
          w={150}
        />
        <Select
          label="Status"
          data={["active", "ended"]}
          value={values.status}
          onChange={(status) => filters.set({ status })}
          clearable
          placeholder="Any"
          w={110}
        />
        <TimeRangeFilter label="Started" values={values} onChange={filters.set} />
      </FilterBar>
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.calls}
        filters={filters}
        limit={LIMIT}
        errorTitle="Calls could not be listed"
        empty={
          filters.active ? "No call matches these filters." : "No calls yet. Start one from an agent's “Try it” page."
        }
        label="Calls"
        columns={COLUMNS}
        rowKey={(c) => c.id}
      />
    </Stack>
  );
}
