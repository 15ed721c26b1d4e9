import { useQuery } from "@apollo/client/react";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { SessionsListQuery } from "../../gql/graphql";
import { when } from "../../shared/format";
import { FilterBar } from "../../shared/filter-bar";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import { TimeRangeFilter, timeBounds } from "../../shared/time-range";
import { useUrlFilters } from "../../shared/use-url-filters";
import { AgentFilter } from "../agents/agent-filter";
import { SESSIONS_LIST } from "./session-documents";
import { firstUserLine } from "./session-transcript";

const LIMIT = 25;
type Session = SessionsListQuery["chatSessions"]["items"][number];

const COLUMNS: Array<Column<Session>> = [
  {
    header: "Session",
    maxWidth: 420,
    cell: (s) => (
      <Anchor component={Link} to={`/sessions/${s.id}`} size="sm">
        <Text span ff="monospace" size="sm">
          {s.id.slice(0, 8)}
        </Text>{" "}
        <Text span size="sm" c="dimmed" lineClamp={1}>
          {firstUserLine(s.firstUserMessage) || "(no message yet)"}
        </Text>
      </Anchor>
    ),
  },
  { header: "Agent", maxWidth: 220, cell: (s) => <Text size="sm">{s.agentName}</Text> },
  { header: "Messages", nowrap: true, cell: (s) => s.messageCount },
  { header: "Loaded skills", maxWidth: 260, cell: (s) => s.loadedSkills.join(", ") || "—" },
  { header: "Started", nowrap: true, cell: (s) => when(s.createdAt) },
];

/** UX-9: chat sessions, newest first, filtered like calls (agent, when they began). */
export default function SessionsListPage() {
  const filters = useUrlFilters(["agent", "since", "from", "until"]);
  const { values } = filters;
  const bounds = timeBounds(values);
  const query = useQuery(SESSIONS_LIST, {
    variables: {
      agentId: values.agent,
      createdAfter: bounds.after,
      createdBefore: bounds.before,
      page: filters.page,
      limit: LIMIT,
    },
  });
  return (
    <Stack>
      <Title order={1} size="h3">
        Chat sessions
      </Title>
      <FilterBar filters={filters}>
        <AgentFilter value={values.agent} onChange={(agent) => filters.set({ agent })} />
        <TimeRangeFilter label="Started" values={values} onChange={filters.set} />
      </FilterBar>
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.chatSessions}
        filters={filters}
        limit={LIMIT}
        errorTitle="Sessions could not be listed"
        empty={
          filters.active
            ? "No session matches these filters."
            : "No chat sessions yet. A client starts one with sendMessage, or through the gateway (/v1/chat/completions)."
        }
        label="Chat sessions"
        columns={COLUMNS}
        rowKey={(s) => s.id}
      />
    </Stack>
  );
}
