import { useMutation, useQuery } from "@apollo/client/react";
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { EvalScenariosQuery } from "../../gql/graphql";
import { INFO_COLOR } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { useCanWrite } from "../session/session-context";
import { DELETE_EVAL_SCENARIO, EVAL_SCENARIOS, SAVE_EVAL_SCENARIO } from "./eval-documents";

type Scenario = EvalScenariosQuery["evalScenarios"]["items"][number];

const EXAMPLE_EXPECTATIONS = `[
  { "kind": "FUNCTION_CALL", "tool": "load_skill", "arguments": { "name": "explain-bill" } }
]`;

interface Draft {
  id: string | null;
  name: string;
  tags: string;
  turns: string;
  expectations: string;
  mocks: string;
  mockOnly: boolean;
}

const empty: Draft = {
  id: null,
  name: "",
  tags: "",
  turns: "",
  expectations: EXAMPLE_EXPECTATIONS,
  mocks: "[]",
  mockOnly: false,
};

const draftOf = (s: Scenario): Draft => ({
  id: s.id,
  name: s.name,
  tags: s.tags.join(", "),
  turns: s.turns.join("\n"),
  expectations: JSON.stringify(s.expectations, null, 2),
  mocks: JSON.stringify(s.mocks, null, 2),
  mockOnly: s.mockOnly,
});

function parse(label: string, text: string): unknown {
  try {
    return JSON.parse(text || "[]");
  } catch {
    throw new Error(`${label} is not valid JSON.`);
  }
}

/** A simple form: one user turn per line; expectations and mocks as JSON (docs/evals.md). */
function ScenarioForm({ initial, onDone }: { initial: Draft; onDone(): void }) {
  const [draft, setDraft] = useState(initial);
  const [localError, setLocalError] = useState<Error | null>(null);
  const [save, saved] = useMutation(SAVE_EVAL_SCENARIO, { refetchQueries: "active" });
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  async function submit() {
    setLocalError(null);
    let input;
    try {
      input = {
        name: draft.name,
        tags: draft.tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
        turns: draft.turns
          .split("\n")
          .map((t) => t.trim())
          .filter(Boolean),
        expectations: parse("Expectations", draft.expectations) as never,
        mocks: parse("Mocks", draft.mocks) as never,
        mockOnly: draft.mockOnly,
      };
    } catch (error) {
      setLocalError(error as Error);
      return;
    }
    try {
      await save({ variables: { input, id: draft.id } });
      onDone();
    } catch {
      // shown below through saved.error
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-label="Scenario editor">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {draft.id ? `Edit ${initial.name}` : "New scenario"}
        </Title>
        <Group grow>
          <TextInput label="Name" value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} />
          <TextInput
            label="Tags"
            description="Comma-separated; skill:<name> marks a skill's scenarios"
            value={draft.tags}
            onChange={(e) => set({ tags: e.currentTarget.value })}
          />
        </Group>
        <Textarea
          label="Turns"
          description="One user message per line"
          autosize
          minRows={2}
          value={draft.turns}
          onChange={(e) => set({ turns: e.currentTarget.value })}
        />
        <Group grow align="flex-start">
          <Textarea
            label="Expectations (JSON)"
            autosize
            minRows={4}
            ff="monospace"
            value={draft.expectations}
            onChange={(e) => set({ expectations: e.currentTarget.value })}
          />
          <Textarea
            label="Mocks (JSON)"
            description='[{ "tool": "get_invoices", "result": { … } }]'
            autosize
            minRows={4}
            ff="monospace"
            value={draft.mocks}
            onChange={(e) => set({ mocks: e.currentTarget.value })}
          />
        </Group>
        <Checkbox
          label="Mock only: refuse tools without a mock"
          checked={draft.mockOnly}
          onChange={(e) => set({ mockOnly: e.currentTarget.checked })}
        />
        <ErrorNotice error={localError ?? saved.error} title="The scenario was not saved" />
        <Group>
          <Button onClick={() => void submit()} loading={saved.loading}>
            Save scenario
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function EvalScenariosPage() {
  const { data, loading, error } = useQuery(EVAL_SCENARIOS, { variables: { page: 1, limit: 200 } });
  const [remove, removed] = useMutation(DELETE_EVAL_SCENARIO, { refetchQueries: "active" });
  const [editing, setEditing] = useState<Draft | null>(null);
  const canWrite = useCanWrite();
  const items = data?.evalScenarios.items ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Eval scenarios
        </Title>
        <Group>
          <Anchor component={Link} to="/evals">
            Runs
          </Anchor>
          {canWrite ? (
            <Button onClick={() => setEditing(empty)} disabled={editing !== null}>
              New scenario
            </Button>
          ) : null}
        </Group>
      </Group>
      {editing ? <ScenarioForm key={editing.id ?? "new"} initial={editing} onDone={() => setEditing(null)} /> : null}
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error ?? removed.error} title="Scenarios could not be listed or deleted" />
      {data && items.length === 0 ? <Empty>No scenarios yet.</Empty> : null}
      {items.length > 0 ? (
        <Table striped aria-label="Scenarios">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Turns</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  {s.name}
                  {s.mockOnly ? (
                    <Badge ml="xs" size="xs" variant="light" color="#495057">
                      mock only
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{s.tags.join(", ") || "—"}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {s.turns.join(" / ")}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" display={canWrite ? undefined : "none"}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={INFO_COLOR}
                      onClick={() => setEditing(draftOf(s))}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="#b02525"
                      onClick={() => void remove({ variables: { id: s.id } }).catch(() => undefined)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
