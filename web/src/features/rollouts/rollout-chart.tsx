import { LineChart } from "@mantine/charts";
import { Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { RolloutMetric } from "../../gql/graphql";
import { METRIC_LABELS } from "./rollout-plan";
import { chartRows, type HistoryPoint } from "./rollout-history";

const METRICS = (Object.keys(METRIC_LABELS) as RolloutMetric[]).map((value) => ({
  value,
  label: METRIC_LABELS[value],
}));

/** UX-8: one metric of both arms over time, as the page collected it (see rollout-history.ts). */
export function RolloutChart(props: { history: readonly HistoryPoint[]; liveLabel: string; candidateLabel: string }) {
  const [metric, setMetric] = useState<RolloutMetric>("SUCCESS_RATE");
  const rows = chartRows(props.history, metric);
  const empty = rows.every((r) => r.live === null && r.candidate === null);
  return (
    <Stack gap="xs" component="section" aria-label="Arms over time">
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(v) => setMetric(v as RolloutMetric)}
          data={METRICS}
          aria-label="Metric"
        />
        <Text size="xs" c="dimmed" data-testid="chart-points">
          {rows.length} point{rows.length === 1 ? "" : "s"}
        </Text>
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" py="lg" ta="center" data-testid="chart-empty">
          No {METRIC_LABELS[metric].toLowerCase()} on either version yet: points appear as calls and outcomes come in.
        </Text>
      ) : (
        <LineChart
          h={240}
          data={rows}
          dataKey="time"
          series={[
            { name: "live", label: props.liveLabel, color: "gray.6" },
            { name: "candidate", label: props.candidateLabel, color: "indigo.6" },
          ]}
          yAxisProps={{ domain: [0, 100] }}
          unit=" %"
          withLegend
          connectNulls
          curveType="linear"
          data-testid="rollout-chart"
        />
      )}
      <Text size="xs" c="dimmed">
        Each point is the arms’ totals since the start, as this page received them (on every change and every few
        seconds while it is open).
      </Text>
    </Stack>
  );
}
