import { useMutation, useQuery } from "@apollo/client/react";
import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { EvalScenariosQuery } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { INFO_COLOR, MUTED_COLOR } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { ErrorNotice } from "../../shared/states";
import { useCanWrite } from "../sign-in/session-context";
import { DELETE_EVAL_SCENARIO, EVAL_SCENARIOS } from "./eval-documents";
import { NEW_SCENARIO, scenarioFieldsOf, useScenarioDraft, type ScenarioFields } from "./use-eval-drafts";

type Scenario = EvalScenariosQuery["evalScenarios"]["items"][number];

/** A simple form: one user turn per line; expectations and mocks as JSON (docs/evals.md). */
function ScenarioForm({ initial, onDone }: { initial: ScenarioFields; onDone(): void }) {
  const draft = useScenarioDraft(initial);
  const { values, edit, fieldError } = draft;
  async function submit() {
    if (await draft.save()) onDone();
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="Scenario editor">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {values.id ? `Edit ${initial.name}` : "New scenario"}
        </Title>
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            value={values.name}
            onChange={(e) => edit({ name: e.currentTarget.value })}
            error={fieldError("name")}
          />
          <TextInput
            label="Tags"
            description="Comma-separated; skill:<name> marks a skill's scenarios"
            value={values.tags}
            onChange={(e) => edit({ tags: e.currentTarget.value })}
            error={fieldError("tags")}
          />
        </Group>
        <Textarea
          label="Turns"
          description="One user message per line"
          autosize
          minRows={2}
          value={values.turns}
          onChange={(e) => edit({ turns: e.currentTarget.value })}
          error={fieldError("turns")}
        />
        <Group grow align="flex-start">
          <Textarea
            label="Expectations (JSON)"
            autosize
            minRows={4}
            ff="monospace"
            value={values.expectations}
            onChange={(e) => edit({ expectations: e.currentTarget.value })}
            error={fieldError("expectations")}
          />
          <Textarea
            label="Mocks (JSON)"
            description='[{ "tool": "get_invoices", "result": { … } }]'
            autosize
            minRows={4}
            ff="monospace"
            value={values.mocks}
            onChange={(e) => edit({ mocks: e.currentTarget.value })}
            error={fieldError("mocks")}
          />
        </Group>
        <Checkbox
          label="Mock only: refuse tools without a mock"
          checked={values.mockOnly}
          onChange={(e) => edit({ mockOnly: e.currentTarget.checked })}
        />
        <ErrorNotice error={draft.error} title="The scenario was not saved" />
        <Group>
          <Button onClick={() => void submit()} loading={draft.saving}>
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
  const query = useQuery(EVAL_SCENARIOS, { variables: { page: 1, limit: 200 } });
  const [remove] = useMutation(DELETE_EVAL_SCENARIO, { refetchQueries: "active" });
  const [editing, setEditing] = useState<ScenarioFields | null>(null);
  const canWrite = useCanWrite();
  const columns: Array<Column<Scenario>> = [
    {
      header: "Name",
      maxWidth: 300,
      cell: (s) => (
        <>
          {s.name}
          {s.mockOnly ? (
            <Badge ml="xs" size="xs" variant="light" color={MUTED_COLOR}>
              mock only
            </Badge>
          ) : null}
        </>
      ),
    },
    { header: "Tags", maxWidth: 240, cell: (s) => s.tags.join(", ") || "—" },
    {
      header: "Turns",
      maxWidth: 380,
      cell: (s) => (
        <Text size="sm" lineClamp={2}>
          {s.turns.join(" / ")}
        </Text>
      ),
    },
    ...(canWrite
      ? [
          {
            header: "Actions",
            nowrap: true,
            cell: (s: Scenario) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color={INFO_COLOR}
                  aria-label={`Edit ${s.name}`}
                  onClick={() => setEditing(scenarioFieldsOf(s))}
                >
                  Edit
                </Button>
                <ConfirmButton
                  label={`Delete ${s.name}`}
                  confirm={`Delete the scenario “${s.name}”? Runs already made keep their results.`}
                  confirmLabel="Delete"
                  failure="The scenario was not deleted"
                  onConfirm={() => remove({ variables: { id: s.id } })}
                >
                  Delete
                </ConfirmButton>
              </Group>
            ),
          },
        ]
      : []),
  ];
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
            <Button onClick={() => setEditing(NEW_SCENARIO)} disabled={editing !== null}>
              New scenario
            </Button>
          ) : null}
        </Group>
      </Group>
      {editing ? <ScenarioForm key={editing.id ?? "new"} initial={editing} onDone={() => setEditing(null)} /> : null}
      <QueryState
        query={query}
        errorTitle="Scenarios could not be listed"
        isEmpty={(d) => d.evalScenarios.items.length === 0}
        empty="No scenarios yet."
      >
        {(d) => <PagedTable label="Scenarios" columns={columns} rows={d.evalScenarios.items} rowKey={(s) => s.id} />}
      </QueryState>
    </Stack>
  );
}
