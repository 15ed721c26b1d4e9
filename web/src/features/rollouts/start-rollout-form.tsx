import { useMutation, useQuery } from "@apollo/client/react";
import { ActionIcon, Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { RolloutMetric } from "../../gql/graphql";
import { FAILED_COLOR, PIN_COLOR } from "../../shared/format";
import { forecastWords } from "./guard-words";
import { ROLLOUT_FORECAST, START_ROLLOUT } from "./rollout-documents";
import {
  METRIC_LABELS,
  checkPlanDraft,
  defaultPlan,
  refusalOf,
  type GuardDraft,
  type PlanDraft,
  type PlanProblems,
} from "./rollout-plan";

const METRICS = (Object.keys(METRIC_LABELS) as RolloutMetric[]).map((value) => ({
  value,
  label: METRIC_LABELS[value],
}));

interface Props {
  versionId: string;
  /** Back to the publish choice. */
  onBack(): void;
}

/** UX-8, RO-1: the rollout of a draft — steps, minutes per step, guards — started from the impact preview. */
export function StartRolloutForm({ versionId, onBack }: Props) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(defaultPlan);
  const [shown, setShown] = useState<PlanProblems>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [start, started] = useMutation(START_ROLLOUT, { refetchQueries: "active" });
  const setGuard = (i: number, patch: Partial<GuardDraft>) =>
    setDraft((d) => ({ ...d, guards: d.guards.map((g, j) => (j === i ? { ...g, ...patch } : g)) }));
  const needsTag = draft.guards.some((g) => g.metric === "EVAL_PASS_RATE") || draft.evalTag !== "";
  const forecast = useForecast(versionId, draft);

  async function submit() {
    const { input, problems } = checkPlanDraft(draft);
    setShown(problems);
    setGeneral(null);
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await start({ variables: { input: { ...input, versionId } } });
      if (result.data) await navigate(`/rollouts/${result.data.startRollout.id}`);
    } catch (error) {
      const refusal = refusalOf(error);
      setShown(refusal.fields);
      setGeneral(refusal.general);
    }
  }

  return (
    <Stack gap="sm" mt="md" component="section" aria-label="Staged rollout">
      <Title order={3} size="h5">
        Staged rollout
      </Title>
      <Text size="sm" c="dimmed">
        The new version goes to a share of calls first, beside the live one. Each step lasts its minutes, then the share
        rises if no guard tripped; reaching 100 % publishes it. A tripped guard rolls it back at once.
      </Text>
      <Group align="flex-start" grow>
        <TextInput
          label="Steps (% of calls)"
          description="Rising, ending at 100"
          value={draft.steps}
          onChange={(e) => setDraft({ ...draft, steps: e.currentTarget.value })}
          error={shown.steps}
        />
        <NumberInput
          label="Minutes per step"
          description="0 = advance by hand"
          min={0}
          allowDecimal={false}
          value={draft.stepMinutes}
          onChange={(v) => setDraft({ ...draft, stepMinutes: v })}
          error={shown.step_minutes}
        />
      </Group>
      <Text size="sm" fw={600}>
        Guards: roll back when the new version is worse than live by more than
      </Text>
      {draft.guards.length === 0 ? (
        <Text size="sm" c="dimmed">
          No guard: only a person can roll it back.
        </Text>
      ) : (
        <Text size="xs" c="dimmed" data-testid="rollout-forecast">
          A guard rolls back only when the new version is shown worse by more than its points (95 % confidence, however
          often it is checked); below, how much it needs to decide
          {forecast
            ? ` and how long that takes with the last ${forecast.days} days' traffic: ${forecast.agents} agent${
                forecast.agents === 1 ? "" : "s"
              } following this skill live, ${forecast.calls} call${forecast.calls === 1 ? "" : "s"}.`
            : "."}
        </Text>
      )}
      {draft.guards.map((g, i) => (
        <Stack key={i} gap={4} role="group" aria-label={`Guard ${i + 1}`}>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <Select
              label="Metric"
              data={METRICS}
              value={g.metric}
              allowDeselect={false}
              onChange={(v) => v && setGuard(i, { metric: v as RolloutMetric })}
              error={shown[`guards[${i}].metric`]}
              w={190}
            />
            <NumberInput
              label="Max degradation"
              suffix=" points"
              min={0}
              max={100}
              value={g.maxDegradationPoints}
              onChange={(v) => setGuard(i, { maxDegradationPoints: v })}
              error={shown[`guards[${i}].max_degradation`]}
              w={170}
            />
            <NumberInput
              label="Min samples per arm"
              min={1}
              allowDecimal={false}
              value={g.minSamples}
              onChange={(v) => setGuard(i, { minSamples: v })}
              error={shown[`guards[${i}].min_samples`]}
              w={170}
            />
            <ActionIcon
              mt={26}
              variant="subtle"
              color={FAILED_COLOR}
              aria-label={`Remove guard ${i + 1}`}
              onClick={() => setDraft({ ...draft, guards: draft.guards.filter((_, j) => j !== i) })}
            >
              ×
            </ActionIcon>
          </Group>
          <Text size="xs" c="dimmed" data-testid={`guard-forecast-${i}`}>
            {forecast?.guards[i] ? forecastWords(forecast.guards[i], forecast.days) : null}
          </Text>
        </Stack>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            setDraft({
              ...draft,
              guards: [...draft.guards, { metric: "LOAD_RATE", maxDegradationPoints: 10, minSamples: 20 }],
            })
          }
        >
          Add guard
        </Button>
      </Group>
      {needsTag ? (
        <TextInput
          label="Eval tag"
          description="The scenarios with this tag run on both versions at every step"
          placeholder="skill:explain-bill"
          value={draft.evalTag}
          onChange={(e) => setDraft({ ...draft, evalTag: e.currentTarget.value })}
          error={shown.eval_tag}
        />
      ) : null}
      {general ? (
        <Alert color="red" variant="light" title="The rollout was not started" role="alert">
          {general}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button color={PIN_COLOR} loading={started.loading} onClick={() => void submit()}>
          Start rollout
        </Button>
      </Group>
    </Stack>
  );
}

/** RO-4, UX-8: the server's forecast of the plan as it stands (nothing while the plan has a problem). */
function useForecast(versionId: string, draft: PlanDraft) {
  const { input, problems } = checkPlanDraft(draft);
  const valid = Object.keys(problems).length === 0 && (input.guards ?? []).length > 0;
  const { data, previousData } = useQuery(ROLLOUT_FORECAST, {
    variables: { input: { ...input, versionId } },
    skip: !valid,
  });
  return valid ? (data ?? previousData)?.rolloutForecast : undefined;
}
