import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import type { AgentsListQuery } from "../../gql/graphql";
import { stateColor, when } from "../../shared/format";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import { useUrlFilters } from "../../shared/use-url-filters";
import { useCanWrite } from "../sign-in/session-context";
import { AGENTS_LIST } from "./agent-documents";

type Agent = AgentsListQuery["agents"]["items"][number];

/** The first few skills an agent lists, and how many more (its page lists them all). */
const SKILLS_SHOWN = 5;
function skillsSummary(skills: Agent["skills"]): string {
  const named = skills.slice(0, SKILLS_SHOWN).map((s) => `${s.name}${s.versionId ? " (pinned)" : ""}`);
  const more = skills.length - named.length;
  return named.length ? `${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}` : "—";
}

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
    cell: (a) => <Text size="sm">{skillsSummary(a.skills)}</Text>,
  },
  { header: "Updated", nowrap: true, cell: (a) => when(a.updatedAt) },
  {
    header: "Try",
    nowrap: true,
    cell: (a) => (
      // the row names its agent already: the link says it to a screen reader only (a long name took half the width)
      <Anchor component={Link} to={`/agents/${a.agentId}/try`}>
        Try<VisuallyHidden> {a.name}</VisuallyHidden>
      </Anchor>
    ),
  },
];

/** Agents per page: each agent once, by its newest version (the server pages them, so none drops off). */
const LIMIT = 50;

export default function AgentsListPage() {
  const canWrite = useCanWrite();
  const filters = useUrlFilters([]);
  const query = useQuery(AGENTS_LIST, { variables: { page: filters.page, limit: LIMIT } });
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
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.agents}
        filters={filters}
        limit={LIMIT}
        errorTitle="Agents could not be listed"
        empty="No agents yet."
        label="Agents"
        columns={COLUMNS}
        rowKey={(a) => a.agentId}
      />
    </Stack>
  );
}
