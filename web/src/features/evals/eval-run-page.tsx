import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import type { EvalRunQuery } from "../../gql/graphql";
import { INFO_COLOR, WARN_COLOR, when } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { EVAL_AGENTS, EVAL_RUN, EVAL_SCENARIOS } from "./eval-documents";
import { expectationSummary, type JudgedExpectation } from "./eval-result";
import { ResultDetails } from "./result-details";
import { PassBadge, RunProgress, RunStatus } from "./run-status";

type Run = NonNullable<EvalRunQuery["evalRun"]>;
type Result = Run["results"][number];

interface ResolvedSkill {
  name: string;
  version: number;
  pinned: boolean;
  agent_id: string | null;
}

const keyOf = (r: Result) => `${r.agentId}-${r.scenarioId}-${r.iteration}`;

function Results({ run }: { run: Run }) {
  const scenarios = useQuery(EVAL_SCENARIOS, { variables: { page: 1, limit: 200 } });
  const agents = useQuery(EVAL_AGENTS);
  const [open, setOpen] = useState<string | null>(null);
  const scenarioName = new Map((scenarios.data?.evalScenarios.items ?? []).map((s) => [s.id, s.name]));
  const agentName = new Map((agents.data?.agents.items ?? []).map((a) => [a.agentId, a.name]));
  const resolved = ((run.resolvedConfig as { resolved_skills?: ResolvedSkill[] }).resolved_skills ?? []).map(
    (s) =>
      `${s.agent_id ? `${agentName.get(s.agent_id) ?? s.agent_id.slice(0, 8)}: ` : ""}${s.name} v${s.version}${s.pinned ? " (pinned)" : ""}`,
  );
  const passed = run.results.filter((r) => r.passed).length;
  const columns: Array<Column<Result>> = [
    { header: "Agent", cell: (r) => (r.agentId ? (agentName.get(r.agentId) ?? r.agentId.slice(0, 8)) : "inline") },
    { header: "Scenario", maxWidth: 260, cell: (r) => scenarioName.get(r.scenarioId) ?? r.scenarioId.slice(0, 8) },
    { header: "Iteration", nowrap: true, cell: (r) => r.iteration },
    { header: "Result", nowrap: true, cell: (r) => <PassBadge passed={r.passed} /> },
    {
      header: "Expectations",
      maxWidth: 420,
      cell: (r) => <Text size="xs">{expectationSummary(r.expectations as JudgedExpectation[])}</Text>,
    },
    {
      header: "",
      key: "details",
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="subtle"
          color={INFO_COLOR}
          aria-expanded={open === keyOf(r)}
          onClick={() => setOpen(open === keyOf(r) ? null : keyOf(r))}
        >
          {open === keyOf(r) ? "Hide" : "Details"}
        </Button>
      ),
    },
  ];
  return (
    <Stack>
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
        <Alert color={WARN_COLOR} title="Warnings">
          <List size="sm">
            {run.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <PagedTable
        label="Results"
        columns={columns}
        rows={run.results}
        rowKey={keyOf}
        striped={false}
        below={(r) => (open === keyOf(r) ? <ResultDetails result={r} /> : null)}
      />
    </Stack>
  );
}

/** One run: progress while it runs (polled), then results per agent, scenario and iteration. */
export default function EvalRunPage() {
  const { id = "" } = useParams();
  const query = useQuery(EVAL_RUN, { variables: { id } });
  const { startPolling, stopPolling } = query;
  const status = query.data?.evalRun?.status;
  const settled = status === "done" || status === "failed";
  useEffect(() => {
    if (settled) stopPolling();
    else startPolling(1000);
    return () => stopPolling();
  }, [settled, startPolling, stopPolling]);
  return (
    <Stack>
      <Anchor component={Link} to="/evals" size="sm">
        ← Eval runs
      </Anchor>
      <QueryState
        query={query}
        errorTitle="The run could not be read"
        isEmpty={(d) => !d.evalRun}
        empty="No such run in this project."
      >
        {(d) => (
          <Stack>
            <Group justify="space-between">
              <Title order={1} size="h3">
                Run <span style={{ fontFamily: "monospace" }}>{d.evalRun!.id.slice(0, 8)}</span>
              </Title>
              <RunStatus status={d.evalRun!.status} />
            </Group>
            <Results run={d.evalRun!} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
