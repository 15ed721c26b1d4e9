import { useMutation, useQuery } from "@apollo/client/react";
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { useCanWrite } from "../session/session-context";
import { EVAL_AGENTS, EVAL_RUNS, START_EVAL_RUN } from "./eval-documents";
import { RunProgress, RunStatus } from "./run-status";

const LIMIT = 25;

/** Starts a run against one agent or every agent using a skill (EV-4). */
function StartRunForm() {
  const navigate = useNavigate();
  const agents = useQuery(EVAL_AGENTS);
  const [kind, setKind] = useState<"agent" | "skill">("agent");
  const [agentId, setAgentId] = useState<string | null>(null);
  const [skill, setSkill] = useState("");
  const [tag, setTag] = useState("");
  const [iterations, setIterations] = useState<number | string>(1);
  const [start, started] = useMutation(START_EVAL_RUN, { refetchQueries: "active" });
  const options = (agents.data?.agents.items ?? []).map((a) => ({ value: a.agentId, label: a.name }));

  async function submit() {
    try {
      const target = kind === "agent" ? { agentId } : { skillUsage: skill.trim() };
      const res = await start({
        variables: { input: { target, tag: tag.trim() || null, iterations: Number(iterations) || 1 } },
      });
      if (res.data) void navigate(`/evals/runs/${res.data.startEvalRun.id}`);
    } catch {
      // shown below through started.error
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-label="Start a run">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Start a run
        </Title>
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as "agent" | "skill")}
          data={[
            { value: "agent", label: "One agent" },
            { value: "skill", label: "Every agent using a skill" },
          ]}
          w="fit-content"
        />
        <Group align="flex-end">
          {kind === "agent" ? (
            <Select label="Agent" data={options} value={agentId} onChange={setAgentId} placeholder="Pick" w={240} />
          ) : (
            <TextInput
              label="Skill"
              value={skill}
              onChange={(e) => setSkill(e.currentTarget.value)}
              placeholder="explain-bill"
              w={240}
            />
          )}
          <TextInput
            label="Scenario tag"
            value={tag}
            onChange={(e) => setTag(e.currentTarget.value)}
            placeholder={kind === "skill" ? "skill:<name> by default" : "every scenario"}
            w={220}
          />
          <NumberInput label="Iterations" value={iterations} onChange={setIterations} min={1} max={1000} w={120} />
          <Button onClick={() => void submit()} loading={started.loading}>
            Start run
          </Button>
        </Group>
        <ErrorNotice error={started.error} title="The run was refused" />
      </Stack>
    </Paper>
  );
}

export default function EvalRunsPage() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page") ?? "1");
  const canWrite = useCanWrite();
  const { data, loading, error } = useQuery(EVAL_RUNS, {
    variables: { page, limit: LIMIT },
    pollInterval: 2000,
  });
  const total = data?.evalRuns.total ?? 0;
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
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="Runs could not be listed" />
      {data && total === 0 ? <Empty>No runs yet. Write a scenario, then start a run.</Empty> : null}
      {total > 0 ? (
        <Table striped highlightOnHover aria-label="Eval runs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Run</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Passed</Table.Th>
              <Table.Th>Started</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data!.evalRuns.items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/evals/runs/${r.id}`} ff="monospace">
                    {r.id.slice(0, 8)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <RunStatus status={r.status} />
                </Table.Td>
                <Table.Td w={200}>
                  <RunProgress run={r} />
                </Table.Td>
                <Table.Td>
                  {r.passRate === null || r.passRate === undefined ? "—" : `${Math.round(r.passRate * 100)} %`}
                </Table.Td>
                <Table.Td>{when(r.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {total > LIMIT ? (
        <Pagination total={Math.ceil(total / LIMIT)} value={page} onChange={(p) => setParams({ page: String(p) })} />
      ) : null}
    </Stack>
  );
}
