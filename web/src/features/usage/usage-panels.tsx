import { useQuery } from "@apollo/client/react";
import { Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import type { SkillUsageGraphQuery } from "../../gql/graphql";
import { byAgentName } from "../../shared/natural-order";
import { QueryState } from "../../shared/query-state";
import { Empty } from "../../shared/states";
import { AGENT_USAGE_GRAPH, SKILL_USAGE_GRAPH } from "./usage-documents";
import { UsageGraph } from "./usage-graph";
import { buildUsageGraph, type UsageRow } from "./usage-graph-model";
import { UsedByList } from "./used-by-list";

const namesOf = (project: { id: string; name: string; linkedProjects: Array<{ id: string; name: string }> }) =>
  new Map([[project.id, project.name], ...project.linkedProjects.map((p) => [p.id, p.name] as [string, string])]);

function summary(rows: readonly UsageRow[]): string {
  const pinned = rows.filter((r) => r.pinned).length;
  const n = rows.length;
  return `${n} agent version${n === 1 ? "" : "s"}: ${n - pinned} following the live version, ${pinned} pinned.`;
}

/** UX-7 on a skill's page: every agent version that lists the skill, as a list and as a graph. */
export function SkillUsagePanel({ name }: { name: string }) {
  const query = useQuery(SKILL_USAGE_GRAPH, { variables: { name } });
  return (
    <QueryState query={query} errorTitle="Who uses this skill could not be read">
      {(d) => <SkillUsage name={name} data={d} />}
    </QueryState>
  );
}

function SkillUsage({ name, data }: { name: string; data: SkillUsageGraphQuery }) {
  const projectNames = useMemo(() => namesOf(data.project), [data.project]);
  const rows = useMemo(() => byAgentName(data.skillUsage, data.project.id), [data.skillUsage, data.project.id]);
  const graph = useMemo(
    () =>
      buildUsageGraph({
        rows,
        projectId: data.project.id,
        projectNames,
        skills: [{ name, live: data.live.items[0] ?? null, versions: data.versions.total }],
        focus: { kind: "skill", name },
      }),
    [data, name, projectNames, rows],
  );
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="usage-summary">
        {data.skillUsage.length ? `Used by ${summary(data.skillUsage)}` : "No agent lists this skill yet."}
      </Text>
      {data.skillUsage.length ? (
        <UsedByList rows={rows} projectId={data.project.id} projectNames={projectNames} />
      ) : null}
      <Title order={2} size="h5">
        Usage graph
      </Title>
      <UsageGraph label={`Usage graph of ${name}`} nodes={graph.nodes} edges={graph.edges} />
    </Stack>
  );
}

/** UX-7 on an agent's page: the same graph centred on the agent — its skills, and who else uses them. */
export function AgentUsagePanel({ agentVersionId }: { agentVersionId: string }) {
  const query = useQuery(AGENT_USAGE_GRAPH, { variables: { id: agentVersionId } });
  return (
    <QueryState query={query} errorTitle="The agent's skills graph could not be read">
      {(d) => {
        const agent = d.agentVersion;
        if (!agent) return <Empty>No agent version has id {agentVersionId}.</Empty>;
        if (agent.skills.length === 0) return <Empty>This agent version lists no skills.</Empty>;
        const projectNames = namesOf(d.project);
        const rows = byAgentName(agent.skillUsage, d.project.id);
        const graph = buildUsageGraph({
          rows,
          projectId: d.project.id,
          projectNames,
          entries: agent.skills.map((s) => ({
            agentVersionId: agent.id,
            agentName: agent.name,
            detail: `v${agent.version} · ${agent.state.toLowerCase()}`,
            skill: s.name,
            pinned: s.versionId !== null && s.versionId !== undefined,
          })),
          focus: { kind: "agent", agentVersionId: agent.id },
        });
        return (
          <Stack gap="sm">
            <UsageGraph label={`Skills graph of ${agent.name}`} nodes={graph.nodes} edges={graph.edges} />
            <Title order={2} size="h5">
              Who uses the same skills
            </Title>
            <UsedByList rows={rows} projectId={d.project.id} projectNames={projectNames} showSkill />
          </Stack>
        );
      }}
    </QueryState>
  );
}
