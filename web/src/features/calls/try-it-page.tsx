import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { CallFieldsFragment } from "../../gql/graphql";
import { QueryState } from "../../shared/query-state";
import { ErrorNotice, NotFound } from "../../shared/states";
import { AGENT_CHOSEN } from "../agents/agent-filter";
import { useCanWrite } from "../sign-in/session-context";
import { END_CALL, LOAD_SKILL, RUN_TOOL, START_CALL } from "./call-documents";
import { CallView } from "./call-view";
import { FAILED_COLOR, MUTED_COLOR } from "../../shared/format";

/** UX-5 try-it: start a call on the agent's published version, load skills by hand, run a tool, see each step. */
export default function TryItPage() {
  const agentId = useParams().agentId ?? "";
  const canWrite = useCanWrite();
  const agent = useQuery(AGENT_CHOSEN, { variables: { agentId } });
  if (!canWrite) return <Alert color={MUTED_COLOR}>Trying an agent starts a call: a viewer key may not.</Alert>;
  return (
    <QueryState
      query={agent}
      errorTitle="The agent could not be read"
      loadingLabel="Opening the agent…"
      isEmpty={(d) => d.agents.items.length === 0}
      notFound={
        <NotFound back={{ to: "/agents", label: "Back to agents" }}>
          No agent has id {agentId} in this project.
        </NotFound>
      }
    >
      {(d) => <TryIt agentId={agentId} agentName={d.agents.items[0]?.name ?? ""} />}
    </QueryState>
  );
}

function TryIt({ agentId, agentName: latestName }: { agentId: string; agentName: string }) {
  const [call, setCall] = useState<CallFieldsFragment | null>(null);
  const [skill, setSkill] = useState<string | null>(null);
  const [tool, setTool] = useState<string | null>(null);
  const [args, setArgs] = useState("{}");
  const [message, setMessage] = useState<string | null>(null);
  const [start, started] = useMutation(START_CALL);
  const [load, loaded] = useMutation(LOAD_SKILL);
  const [run, ran] = useMutation(RUN_TOOL);
  const [end, ended] = useMutation(END_CALL);
  const agentName = call?.agentName ?? latestName;

  async function startCall() {
    const res = await start({ variables: { input: { agentId } } }).catch(() => null);
    if (res?.data) setCall(res.data.startCall);
  }
  async function loadSkill() {
    if (!call || !skill) return;
    const res = await load({ variables: { callId: call.id, name: skill } }).catch(() => null);
    if (res?.data) {
      setCall(res.data.loadSkill.call);
      setMessage(`${res.data.loadSkill.status}: ${res.data.loadSkill.message}`);
    }
  }
  async function runTool() {
    if (!call || !tool) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(args);
    } catch (e) {
      setMessage(`The arguments are not JSON: ${(e as Error).message}`);
      return;
    }
    const res = await run({ variables: { callId: call.id, name: tool, arguments: parsed } }).catch(() => null);
    if (res?.data) {
      const r = res.data.runTool;
      setMessage(`${r.tool}: ${r.status} in ${r.latencyMs} ms${r.error ? ` — ${r.error}` : ""}`);
    }
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3" style={{ wordBreak: "break-word" }}>
          Try {agentName}
        </Title>
        <Group gap="xs">
          {call ? (
            <Button component={Link} to={`/calls/${call.id}`} variant="default">
              Open call page
            </Button>
          ) : null}
          <Button onClick={() => void startCall()} loading={started.loading}>
            {call ? "Start a new call" : "Start call"}
          </Button>
          {call?.status === "active" ? (
            <Button
              color={FAILED_COLOR}
              variant="light"
              loading={ended.loading}
              onClick={() =>
                void end({ variables: { callId: call.id } })
                  .then((r) => r.data && setCall(r.data.endCall))
                  .catch(() => undefined)
              }
            >
              End call
            </Button>
          ) : null}
        </Group>
      </Group>
      <ErrorNotice error={started.error} title="The call did not start" />
      {!call ? (
        <Text c="dimmed">Start a call on the agent's published version to see what the model would see.</Text>
      ) : null}
      {call ? (
        <Card withBorder>
          <Group align="flex-end">
            <Select
              label="Skill to load"
              data={call.skills.map((s) => s.name)}
              value={skill}
              onChange={setSkill}
              placeholder="Pick a skill"
              w={240}
            />
            <Button
              onClick={() => void loadSkill()}
              disabled={!skill || call.status !== "active"}
              loading={loaded.loading}
            >
              Load skill
            </Button>
            <Select
              label="Tool to run"
              data={[...new Set(call.tools.map((t) => t.name))]}
              value={tool}
              onChange={setTool}
              placeholder="Pick a tool"
              w={220}
            />
            <Textarea
              label="Arguments (JSON)"
              value={args}
              onChange={(e) => setArgs(e.currentTarget.value)}
              autosize
              minRows={1}
              w={240}
              ff="monospace"
            />
            <Button
              variant="light"
              onClick={() => void runTool()}
              disabled={!tool || call.status !== "active"}
              loading={ran.loading}
            >
              Run tool
            </Button>
          </Group>
          <ErrorNotice error={loaded.error ?? ran.error ?? ended.error} />
          {message ? (
            <Text size="sm" mt="xs" role="status">
              {message}
            </Text>
          ) : null}
        </Card>
      ) : null}
      {call ? <CallView call={call} /> : null}
    </Stack>
  );
}
