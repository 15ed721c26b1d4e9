import { BarChart, LineChart } from "@mantine/charts";
import { Paper, Text, Title } from "@mantine/core";
import { chartRows, outcomeRows, type Insight, type Metric } from "./insight-series";

const COLORS = [
  "blue.6",
  "teal.6",
  "grape.6",
  "orange.6",
  "cyan.7",
  "pink.6",
  "lime.8",
  "indigo.6",
  "red.6",
  "yellow.8",
];

export interface ChartRange {
  from: number;
  to: number;
  bucketMs: number;
}

const seriesOf = (insights: readonly Insight[]) =>
  insights.map((i, n) => ({ name: i.skill, color: COLORS[n % COLORS.length]! }));

/** One metric per skill over time, a line per skill (OB-3, UX-9). */
export function MetricChart({
  title,
  insights,
  metric,
  range,
  unit,
}: {
  title: string;
  insights: readonly Insight[];
  metric: Metric;
  range: ChartRange;
  unit?: string;
}) {
  const rows = chartRows(insights, metric, range);
  const nothing = rows.every((row) => insights.every((i) => row[i.skill] === null));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {nothing ? (
        <Text size="sm" c="dimmed">
          {metric === "toolErrorRate"
            ? "No skill ran one of its own tools in this range."
            : "Nothing to show in this range."}
        </Text>
      ) : (
        <LineChart
          h={220}
          data={rows}
          dataKey="at"
          series={seriesOf(insights)}
          curveType="monotone"
          withDots={metric !== "starts"}
          connectNulls={false}
          withLegend
          unit={unit}
          yAxisProps={metric === "starts" ? { allowDecimals: false } : { domain: [0, 100] }}
          aria-label={title}
        />
      )}
    </Paper>
  );
}

/** Reported outcomes per skill, successes and failures stacked (RO-3, OB-3). */
export function OutcomesChart({ insights }: { insights: readonly Insight[] }) {
  const rows = outcomeRows(insights);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        Outcomes
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No outcome was reported in this range (reportOutcome).
        </Text>
      ) : (
        <BarChart
          h={220}
          data={rows}
          dataKey="skill"
          type="stacked"
          withLegend
          series={[
            { name: "successes", label: "Successes", color: "teal.7" },
            { name: "failures", label: "Failures", color: "red.7" },
          ]}
          aria-label="Outcomes"
        />
      )}
    </Paper>
  );
}
