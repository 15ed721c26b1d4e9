import { useQuery } from "@apollo/client/react";
import { AreaChart } from "@mantine/charts";
import { Group, Paper, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { QueryState } from "../../shared/query-state";
import { SKILL_INSIGHT } from "./insight-documents";
import { buckets, DAY_MS, label, percent } from "./insight-series";

/** A skill's own last 30 days (OB-3, UX-9): starts and loads per day, with its rates. */
export function SkillInsightChart({ skill }: { skill: string }) {
  const bounds = useMemo(() => {
    const to = Math.ceil(Date.now() / DAY_MS) * DAY_MS;
    return { from: to - 30 * DAY_MS, to };
  }, []);
  const query = useQuery(SKILL_INSIGHT, {
    variables: { skill, from: new Date(bounds.from).toISOString(), to: new Date(bounds.to).toISOString() },
  });
  return (
    <Paper withBorder p="md">
      <QueryState query={query} errorTitle="The skill's insights could not be read">
        {(data) => {
          const insight = data.skillInsights[0];
          const points = new Map((insight?.series ?? []).map((p) => [Date.parse(p.at), p]));
          const rows = buckets(bounds.from, bounds.to, DAY_MS).map((at) => ({
            at: label(at, DAY_MS),
            Starts: points.get(at)?.starts ?? 0,
            Loads: points.get(at)?.loads ?? 0,
          }));
          return (
            <>
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h5">
                  Last 30 days
                </Title>
                <Text size="sm" c="dimmed">
                  load rate {percent(insight?.loadRate)} · tool errors {percent(insight?.toolErrorRate)} · success{" "}
                  {percent(insight?.successRate)}
                </Text>
              </Group>
              <AreaChart
                h={140}
                data={rows}
                dataKey="at"
                series={[
                  { name: "Starts", color: "blue.6" },
                  { name: "Loads", color: "teal.6" },
                ]}
                curveType="monotone"
                withDots={false}
                withLegend
                yAxisProps={{ allowDecimals: false }}
                aria-label={`Starts and loads of ${skill} per day`}
              />
            </>
          );
        }}
      </QueryState>
    </Paper>
  );
}
