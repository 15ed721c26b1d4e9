import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { AgentsListQuery } from "../../gql/graphql";
import { stateColor, when } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { useCanWrite } from "../session/session-context";
import { AGENTS_LIST } from "./agent-documents";

type Agent = AgentsListQuery["agents"]["items"][number];

const COLUMNS: Array<Column<Agent>> = [
  {
    header: "Name",
    maxWidth: 280,
    cell: (a) => (
      <>
        <Anchor component={Link} to={`/agents/v/${a.id}`} style={{ wordBreak: "break-word" }}>
          {a.name}
        </Anchor>
        {a.alias ? (
          <Text span c="dimmed" size="sm">
            {" "}
            ({a.alias})
          </Text>
        ) : null}
      </>
    ),
  },
  {
    header: "Newest version",
    nowrap: true,
    cell: (a) => (
      <>
        {a.version}{" "}
        <Badge color={stateColor(a.state)} variant="light">
          {a.state.toLowerCase()}
        </Badge>
      </>
    ),
  },
  { header: "Mode", nowrap: true, cell: (a) => a.mode.toLowerCase().replace(/_/g, " ") },
  {
    header: "Skills",
    maxWidth: 360,
    cell: (a) => (
      <Text size="sm">{a.skills.map((s) => `${s.name}${s.versionId ? " (pinned)" : ""}`).join(", ") || "—"}</Text>
    ),
  },
  { header: "Updated", nowrap: true, cell: (a) => when(a.updatedAt) },
  {
    header: "Try",
    nowrap: true,
    cell: (a) => (
      <Anchor component={Link} to={`/agents/${a.agentId}/try`}>
        Try {a.name}
      </Anchor>
    ),
  },
];

/** Newest first: the first version listed of each agent is its newest. */
function newestOfEach(items: readonly Agent[]): Agent[] {
  const seen = new Set<string>();
  return items.filter((v) => (seen.has(v.agentId) ? false : (seen.add(v.agentId), true)));
}

export default function AgentsListPage() {
  const canWrite = useCanWrite();
  const query = useQuery(AGENTS_LIST, { variables: { page: 1, limit: 200 } });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Agents
        </Title>
        {canWrite ? (
          <Button component={Link} to="/agents/new">
            New agent
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={query}
        errorTitle="Agents could not be listed"
        isEmpty={(d) => d.agents.items.length === 0}
        empty="No agents yet."
      >
        {(d) => (
          <PagedTable label="Agents" columns={COLUMNS} rows={newestOfEach(d.agents.items)} rowKey={(a) => a.agentId} />
        )}
      </QueryState>
    </Stack>
  );
}
