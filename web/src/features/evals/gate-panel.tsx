import { useLazyQuery, useQuery } from "@apollo/client/react";
import { Button, Group, List, Paper, Stack, Text } from "@mantine/core";
import { ErrorNotice } from "../../shared/states";
import { EVAL_SCENARIOS, PUBLISH_EVALUATION } from "./eval-documents";

const ITERATIONS = 3;

interface Score {
  version: number;
  results: number;
  passed: number;
  loaded: number;
}

const describe = (label: string, s: Score | null | undefined) =>
  s ? `${label} ${s.passed}/${s.results} (loaded ${s.loaded}/${s.results})` : `${label}: none live`;

/**
 * The publish gate in the impact dialog: when the skill has scenarios tagged skill:<name>, a button runs them
 * against every agent the publish reaches, candidate vs live. On demand only: it asks the model.
 */
export function GatePanel({ versionId, skillName }: { versionId: string; skillName: string }) {
  const tag = `skill:${skillName}`;
  const tagged = useQuery(EVAL_SCENARIOS, { variables: { tag, page: 1, limit: 1 } });
  // Not cached: it would share publishPreview's unnormalised entry with the dialog's own preview query, and each
  // query's answer would make the other fetch again — running the model over and over.
  const [evaluate, evaluation] = useLazyQuery(PUBLISH_EVALUATION, { fetchPolicy: "no-cache" });
  const total = tagged.data?.evalScenarios.total ?? 0;
  if (total === 0) return null;
  const result = evaluation.data?.publishPreview.evaluation;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Evaluation">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Evaluation: {total} scenario{total === 1 ? "" : "s"} tagged {tag}
          </Text>
          <Button
            size="xs"
            variant="light"
            loading={evaluation.loading}
            onClick={() => void evaluate({ variables: { versionId, iterations: ITERATIONS } }).catch(() => undefined)}
          >
            {result ? "Evaluate again" : `Evaluate (${ITERATIONS} iterations, runs the model)`}
          </Button>
        </Group>
        <ErrorNotice error={evaluation.error} title="The evaluation failed" />
        {result ? (
          <List size="sm" aria-label="Evaluation by agent" data-testid="evaluation">
            {result.agents.map((a) => (
              <List.Item key={a.agentId}>
                {a.agentName}: {describe("candidate", a.candidate)}, {describe("live", a.live)}
              </List.Item>
            ))}
            {result.agents.length === 0 ? <List.Item>No agent of this project is reached.</List.Item> : null}
            {result.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}
