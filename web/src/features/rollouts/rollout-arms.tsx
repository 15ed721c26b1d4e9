import { Badge, Table, Text } from "@mantine/core";
import type { RolloutArmFieldsFragment, RolloutFieldsFragment, RolloutMetric } from "../../gql/graphql";
import { FAILED_COLOR } from "../../shared/format";
import { METRIC_LABELS } from "./rollout-plan";

export const percentOf = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? "—" : `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;

interface Row {
  label: string;
  metric?: RolloutMetric;
  value(arm: RolloutArmFieldsFragment): string;
}

const ROWS: Row[] = [
  { label: "Calls and sessions", value: (a) => String(a.starts) },
  {
    label: METRIC_LABELS.LOAD_RATE,
    metric: "LOAD_RATE",
    value: (a) => `${percentOf(a.loadRate)} (${a.loads} of ${a.starts} loaded it)`,
  },
  {
    label: METRIC_LABELS.TOOL_ERROR_RATE,
    metric: "TOOL_ERROR_RATE",
    value: (a) => `${percentOf(a.toolErrorRate)} (${a.toolErrors} of ${a.toolRuns} tool runs)`,
  },
  {
    label: METRIC_LABELS.SUCCESS_RATE,
    metric: "SUCCESS_RATE",
    value: (a) => `${percentOf(a.successRate)} (${a.outcomes} outcome${a.outcomes === 1 ? "" : "s"})`,
  },
  { label: METRIC_LABELS.EVAL_PASS_RATE, metric: "EVAL_PASS_RATE", value: (a) => percentOf(a.evalPassRate) },
];

/** What a guard allows, in words: "rolls back when shown more than 5 points lower (from 20 samples per arm)". */
export function guardText(g: RolloutFieldsFragment["guards"][number]): string {
  const points = Math.round(g.maxDegradation * 1000) / 10;
  const worse = g.metric === "TOOL_ERROR_RATE" ? "higher" : "lower";
  return `rolls back when shown more than ${points} points ${worse} (from ${g.minSamples} samples per arm)`;
}

/** RO-3: both arms side by side, each metric with its counts, and the guard that watches it. */
export function RolloutArms({ rollout }: { rollout: RolloutFieldsFragment }) {
  const live = rollout.arms.find((a) => a.arm === "live");
  const candidate = rollout.arms.find((a) => a.arm === "candidate");
  if (!live || !candidate) return null;
  return (
    <Table.ScrollContainer minWidth={640} type="native" role="region" aria-label="Both arms" tabIndex={0}>
      <Table aria-label="Both arms" withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Signal</Table.Th>
            <Table.Th>Live · version {live.version.version}</Table.Th>
            <Table.Th>Candidate · version {candidate.version.version}</Table.Th>
            <Table.Th>Guard</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map((row) => {
            const guards = rollout.guards.filter((g) => g.metric === row.metric);
            return (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                <Table.Td>{row.value(live)}</Table.Td>
                <Table.Td>{row.value(candidate)}</Table.Td>
                <Table.Td>
                  {guards.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      not guarded
                    </Text>
                  ) : (
                    guards.map((g, i) => (
                      <Text key={i} size="sm">
                        {g.tripped ? (
                          <Badge color={FAILED_COLOR} size="sm" mr={6}>
                            tripped
                          </Badge>
                        ) : null}
                        {guardText(g)}
                      </Text>
                    ))
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
