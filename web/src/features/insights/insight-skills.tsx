import { Anchor, Button, Group, Paper, SimpleGrid, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { RetryNotice } from "../../shared/query-state";
import { MetricChart, OutcomesChart, type ChartRange } from "./insight-charts";
import { percent } from "./insight-series";
import type { SkillInsightRow, useSkillPages } from "./use-skill-pages";

/**
 * The skills read so far (OB-3), by name: their totals and charts, and "Load more skills" while there is a next page
 * (CT-3: a page of skills at a time, never every skill of the project at once).
 */
export function InsightSkills({ pages, range }: { pages: ReturnType<typeof useSkillPages>; range: ChartRange }) {
  const insights = pages.shown;
  return (
    <>
      <SummaryTable insights={insights} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {insights.length} {insights.length === 1 ? "skill" : "skills"} by name
          {pages.hasMore ? `, ${pages.per} more at a time` : ""}.
        </Text>
        {pages.hasMore ? (
          <Button variant="default" size="xs" loading={pages.loadingMore} onClick={() => void pages.loadMore()}>
            Load more skills
          </Button>
        ) : null}
      </Group>
      <RetryNotice error={pages.moreError} title="More skills could not be read" retry={pages.loadMore} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <MetricChart title="Starts per skill" insights={insights} metric="starts" range={range} />
        <MetricChart title="Load rate" insights={insights} metric="loadRate" range={range} unit=" %" />
        <MetricChart title="Tool error rate" insights={insights} metric="toolErrorRate" range={range} unit=" %" />
        <OutcomesChart insights={insights} />
      </SimpleGrid>
    </>
  );
}

function SummaryTable({ insights }: { insights: readonly SkillInsightRow[] }) {
  const sum = (i: SkillInsightRow, k: "starts" | "evictions" | "toolRuns") => i.series.reduce((s, p) => s + p[k], 0);
  return (
    <Paper withBorder p="md">
      <Table.ScrollContainer minWidth={560} type="native" role="region" aria-label="Skills in this range" tabIndex={0}>
        <Table aria-label="Skills in this range">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Skill</Table.Th>
              <Table.Th>Starts</Table.Th>
              <Table.Th>Load rate</Table.Th>
              <Table.Th>Evictions</Table.Th>
              <Table.Th>Tool runs</Table.Th>
              <Table.Th>Tool error rate</Table.Th>
              <Table.Th>Success rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {insights.map((i) => (
              <Table.Tr key={i.skill}>
                <Table.Td>
                  <Anchor component={Link} to={`/skills/${encodeURIComponent(i.skill)}/history`} size="sm">
                    {i.skill}
                  </Anchor>
                </Table.Td>
                <Table.Td>{sum(i, "starts")}</Table.Td>
                <Table.Td>{percent(i.loadRate)}</Table.Td>
                <Table.Td>{sum(i, "evictions")}</Table.Td>
                <Table.Td>{sum(i, "toolRuns")}</Table.Td>
                <Table.Td>{percent(i.toolErrorRate)}</Table.Td>
                <Table.Td>{percent(i.successRate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
