import { Anchor, Badge, Text } from "@mantine/core";
import { Link } from "react-router";
import { MUTED_COLOR, PIN_COLOR, stateColor } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { useClientPages } from "../../shared/use-client-pages";
import type { UsageRow } from "./usage-graph-model";

/** Rows a page: an agent of thousands of skills, or a skill of hundreds of agents, makes a long list. */
const ROWS_PER_PAGE = 50;

/**
 * The usage graph as a list (its accessible equivalent): every agent version, where it is, and what it reaches; in
 * the order given (the panels sort it with byAgentName), 50 rows a page.
 */
export function UsedByList({
  rows,
  projectId,
  projectNames,
  showSkill = false,
}: {
  rows: readonly UsageRow[];
  projectId: string;
  projectNames: ReadonlyMap<string, string>;
  showSkill?: boolean;
}) {
  const columns: Array<Column<UsageRow>> = [
    ...(showSkill
      ? [
          {
            header: "Skill",
            cell: (r: UsageRow) => (
              <Text ff="monospace" size="sm">
                {r.skill}
              </Text>
            ),
          },
        ]
      : []),
    {
      header: "Agent",
      maxWidth: 280,
      cell: (r) =>
        r.projectId === projectId ? (
          <Anchor component={Link} to={`/agents/v/${r.agentVersionId}`} style={{ wordBreak: "break-word" }}>
            {r.agentName}
          </Anchor>
        ) : (
          <Text size="sm" style={{ wordBreak: "break-word" }}>
            {r.agentName}
          </Text>
        ),
    },
    {
      header: "Agent version",
      nowrap: true,
      cell: (r) => (
        <>
          {r.agentVersion}{" "}
          <Badge size="sm" variant="light" color={stateColor(r.agentState)}>
            {r.agentState.toLowerCase()}
          </Badge>
        </>
      ),
    },
    {
      header: "Project",
      maxWidth: 200,
      cell: (r) =>
        r.projectId === projectId
          ? "this project"
          : `${projectNames.get(r.projectId) ?? r.projectId.slice(0, 8)} (linked)`,
    },
    {
      header: "Uses",
      nowrap: true,
      cell: (r) =>
        r.pinned ? (
          <Badge variant="outline" color={PIN_COLOR}>
            pinned to {r.resolvesTo ? `version ${r.resolvesTo.version}` : "a version"}
          </Badge>
        ) : (
          <Badge variant="light">follows live</Badge>
        ),
    },
    {
      header: "Resolves to now",
      nowrap: true,
      cell: (r) =>
        r.resolvesTo?.revoked ? (
          <>
            <Anchor component={Link} to={`/skills/v/${r.resolvesTo.id}`} size="sm">
              version {r.resolvesTo.version}
            </Anchor>{" "}
            <Badge color="red" variant="light" size="sm">
              revoked: runs without it
            </Badge>
          </>
        ) : r.resolvesTo ? (
          <Anchor component={Link} to={`/skills/v/${r.resolvesTo.id}`} size="sm">
            version {r.resolvesTo.version} ({r.resolvesTo.state.toLowerCase()})
          </Anchor>
        ) : (
          <Text size="sm" c={MUTED_COLOR}>
            nothing published
          </Text>
        ),
    },
  ];
  const paging = useClientPages(rows, ROWS_PER_PAGE);
  return (
    <PagedTable
      label="Used by"
      columns={columns}
      rows={paging.rows}
      rowKey={(r) => `${r.skill}:${r.agentVersionId}`}
      total={rows.length}
      page={paging.pager.page}
      limit={ROWS_PER_PAGE}
      onPage={paging.setPage}
    />
  );
}
