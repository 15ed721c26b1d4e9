import { useQuery } from "@apollo/client/react";
import { Anchor, Button, Group, NumberInput, Paper, SegmentedControl, Stack, TextInput, Title } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import type { EvalRunsQuery } from "../../gql/graphql";
import { when } from "../../shared/format";
import { PagedQueryTable, type Column } from "../../shared/paged-table";
import { ErrorNotice } from "../../shared/states";
import { useUrlFilters } from "../../shared/use-url-filters";
import { useCanWrite } from "../sign-in/session-context";
import { AgentFilter } from "../agents/agent-filter";
import { EVAL_RUNS } from "./eval-documents";
import { RunProgress, RunStatus } from "./run-status";
import { useRunDraft, type RunFields } from "./use-eval-drafts";

const LIMIT = 25;

/** Starts a run against one agent or every agent using a skill (EV-4). */
function StartRunForm() {
  const navigate = useNavigate();
  const draft = useRunDraft();
  const { values, edit, fieldError } = draft;
  async function submit() {
    const run = await draft.save();
    if (run) await navigate(`/evals/runs/${run.id}`);
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="Start a run">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Start a run
        </Title>
        <SegmentedControl
          value={values.kind}
          onChange={(v) => edit({ kind: v as RunFields["kind"] })}
          data={[
            { value: "agent", label: "One agent" },
            { value: "skill", label: "Every agent using a skill" },
          ]}
          w="fit-content"
        />
        <Group align="flex-start">
          {values.kind === "agent" ? (
            <AgentFilter
              published
              value={values.agentId}
              onChange={(agentId) => edit({ agentId })}
              placeholder="Pick"
              error={fieldError("target.agent_id", "target")}
            />
          ) : (
            <TextInput
              label="Skill"
              value={values.skill}
              onChange={(e) => edit({ skill: e.currentTarget.value })}
              placeholder="explain-bill"
              error={fieldError("target.skill_usage", "target")}
              w={240}
            />
          )}
          <TextInput
            label="Scenario tag"
            value={values.tag}
            onChange={(e) => edit({ tag: e.currentTarget.value })}
            placeholder={values.kind === "skill" ? "skill:<name> by default" : "every scenario"}
            error={fieldError("tag")}
            w={220}
          />
          <NumberInput
            label="Iterations"
            value={values.iterations}
            onChange={(v) => edit({ iterations: Number(v) || 1 })}
            min={1}
            max={1000}
            error={fieldError("iterations")}
            w={120}
          />
          <Button mt={25} onClick={() => void submit()} loading={draft.saving}>
            Start run
          </Button>
        </Group>
        <ErrorNotice error={draft.problems.length ? null : draft.error} title="The run was refused" />
      </Stack>
    </Paper>
  );
}

type Run = EvalRunsQuery["evalRuns"]["items"][number];

const COLUMNS: Array<Column<Run>> = [
  {
    header: "Run",
    nowrap: true,
    cell: (r) => (
      <Anchor component={Link} to={`/evals/runs/${r.id}`} ff="monospace">
        {r.id.slice(0, 8)}
      </Anchor>
    ),
  },
  { header: "Status", nowrap: true, cell: (r) => <RunStatus status={r.status} /> },
  { header: "Progress", cell: (r) => <RunProgress run={r} /> },
  {
    header: "Passed",
    nowrap: true,
    cell: (r) => (r.passRate === null || r.passRate === undefined ? "—" : `${Math.round(r.passRate * 100)} %`),
  },
  { header: "Started", nowrap: true, cell: (r) => when(r.createdAt) },
];

export default function EvalRunsPage() {
  const filters = useUrlFilters([]);
  const canWrite = useCanWrite();
  const query = useQuery(EVAL_RUNS, { variables: { page: filters.page, limit: LIMIT }, pollInterval: 2000 });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Eval runs
        </Title>
        <Anchor component={Link} to="/evals/scenarios">
          Scenarios
        </Anchor>
      </Group>
      {canWrite ? <StartRunForm /> : null}
      <PagedQueryTable
        query={query}
        pageOf={(d) => d.evalRuns}
        filters={filters}
        limit={LIMIT}
        errorTitle="Runs could not be listed"
        empty="No runs yet. Write a scenario, then start a run."
        label="Eval runs"
        columns={COLUMNS}
        rowKey={(r) => r.id}
      />
    </Stack>
  );
}
