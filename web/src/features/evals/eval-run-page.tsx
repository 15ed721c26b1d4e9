import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { Fragment, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { INFO_COLOR, when } from "../../shared/format";
import { ErrorNotice, Loading } from "../../shared/states";
import { EVAL_AGENTS, EVAL_RUN, EVAL_SCENARIOS } from "./eval-documents";
import { expectationSummary, type JudgedExpectation } from "./eval-result";
import { ResultDetails } from "./result-details";
import { PassBadge, RunProgress, RunStatus } from "./run-status";

interface ResolvedSkill {
  name: string;
  version: number;
  pinned: boolean;
  agent_id: string | null;
}

/** One run: progress while it runs (polled), then results per agent, scenario and iteration. */
export default function EvalRunPage() {
  const { id = "" } = useParams();
  const { data, loading, error, startPolling, stopPolling } = useQuery(EVAL_RUN, { variables: { id } });
  const scenarios = useQuery(EVAL_SCENARIOS, { variables: { page: 1, limit: 200 } });
  const agents = useQuery(EVAL_AGENTS);
  const [open, setOpen] = useState<string | null>(null);
  const run = data?.evalRun;
  const settled = run?.status === "done" || run?.status === "failed";
  useEffect(() => {
    if (settled) stopPolling();
    else startPolling(1000);
    return () => stopPolling();
  }, [settled, startPolling, stopPolling]);

  if (loading && !data) return <Loading />;
  if (error) return <ErrorNotice error={error} title="The run could not be read" />;
  if (!run) return <Alert color="gray">No such run in this project.</Alert>;
  const scenarioName = new Map((scenarios.data?.evalScenarios.items ?? []).map((s) => [s.id, s.name]));
  const agentName = new Map((agents.data?.agents.items ?? []).map((a) => [a.agentId, a.name]));
  const resolved = ((run.resolvedConfig as { resolved_skills?: ResolvedSkill[] }).resolved_skills ?? []).map(
    (s) =>
      `${s.agent_id ? `${agentName.get(s.agent_id) ?? s.agent_id.slice(0, 8)}: ` : ""}${s.name} v${s.version}${s.pinned ? " (pinned)" : ""}`,
  );
  const passed = run.results.filter((r) => r.passed).length;
  return (
    <Stack>
      <Anchor component={Link} to="/evals" size="sm">
        ← Eval runs
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Run <span style={{ fontFamily: "monospace" }}>{run.id.slice(0, 8)}</span>
        </Title>
        <RunStatus status={run.status} />
      </Group>
      <Group gap="xl">
        <RunProgress run={run} />
        <Text size="sm" data-testid="run-passed">
          {run.results.length ? `${passed}/${run.results.length} passed` : "No results yet"}
        </Text>
        <Text size="sm" c="dimmed">
          Started {when(run.createdAt)}
          {run.finishedAt ? `, finished ${when(run.finishedAt)}` : ""}
        </Text>
      </Group>
      {run.error ? (
        <Alert color="red" title="The run failed" role="alert">
          {run.error}
        </Alert>
      ) : null}
      {resolved.length ? <Text size="sm">Resolved skills: {resolved.join(", ")}</Text> : null}
      {run.warnings.length ? (
        <Alert color="yellow" title="Warnings">
          <List size="sm">
            {run.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Table aria-label="Results" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Scenario</Table.Th>
            <Table.Th>Iteration</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Expectations</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {run.results.map((r) => {
            const key = `${r.agentId}-${r.scenarioId}-${r.iteration}`;
            return (
              <Fragment key={key}>
                <Table.Tr>
                  <Table.Td>{r.agentId ? (agentName.get(r.agentId) ?? r.agentId.slice(0, 8)) : "inline"}</Table.Td>
                  <Table.Td>{scenarioName.get(r.scenarioId) ?? r.scenarioId.slice(0, 8)}</Table.Td>
                  <Table.Td>{r.iteration}</Table.Td>
                  <Table.Td>
                    <PassBadge passed={r.passed} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{expectationSummary(r.expectations as JudgedExpectation[])}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={INFO_COLOR}
                      onClick={() => setOpen(open === key ? null : key)}
                    >
                      {open === key ? "Hide" : "Details"}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {open === key ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <ResultDetails result={r} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
