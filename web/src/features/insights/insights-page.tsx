import { useQuery } from "@apollo/client/react";
import { Anchor, Badge, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { InsightsPageQuery } from "../../gql/graphql";
import { useHeaderWrap } from "../../shared/responsive";
import { QueryState } from "../../shared/query-state";
import type { ChartRange } from "./insight-charts";
import { INSIGHTS_PAGE } from "./insight-documents";
import { DAY_MS, HOUR_MS } from "./insight-series";
import { InsightSkills } from "./insight-skills";
import { useSkillPages } from "./use-skill-pages";

const RANGES = [
  { value: "24h", label: "Last 24 hours", ms: DAY_MS, bucket: "hour", bucketMs: HOUR_MS },
  { value: "7d", label: "Last 7 days", ms: 7 * DAY_MS, bucket: "hour", bucketMs: HOUR_MS },
  { value: "30d", label: "Last 30 days", ms: 30 * DAY_MS, bucket: "day", bucketMs: DAY_MS },
  { value: "365d", label: "Last year", ms: 365 * DAY_MS, bucket: "day", bucketMs: DAY_MS },
] as const;

type Data = InsightsPageQuery;

/**
 * OB-3, UX-9: how skills behave over time — starts, load rate, tool errors, outcomes, a page of skills at a time
 * (CT-3); unused skills; cap advice.
 */
export default function InsightsPage() {
  const [rangeKey, setRangeKey] = useState<string>("24h");
  const range = RANGES.find((r) => r.value === rangeKey) ?? RANGES[0];
  // the range is fixed when chosen (not on every render): the query's variables stay the same
  const bounds = useMemo(() => {
    const to = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;
    return { from: to - range.ms, to, bucketMs: range.bucketMs };
  }, [range]);
  const phone = useHeaderWrap() === "wrap";
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Insights
        </Title>
        <SegmentedControl
          aria-label="Time range"
          value={rangeKey}
          onChange={setRangeKey}
          data={RANGES.map((r) => ({ value: r.value, label: r.label }))}
          // on a phone the four ranges share the width (at the default size "Last year" was cut off)
          size={phone ? "xs" : "sm"}
          fullWidth={phone}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Every signal counts in the hour its call or chat session started (UTC): a load rate is the share of the calls
        started then that loaded the skill at least once.
      </Text>
      {/* a new range starts again from the first page of skills */}
      <InsightsBody key={rangeKey} bounds={bounds} bucket={range.bucket} />
    </Stack>
  );
}

function InsightsBody({ bounds, bucket }: { bounds: ChartRange; bucket: string }) {
  const dates = { from: new Date(bounds.from).toISOString(), to: new Date(bounds.to).toISOString() };
  const skills = useSkillPages({ ...bounds, bucket });
  const panels = useQuery(INSIGHTS_PAGE, { variables: dates });
  return (
    <QueryState query={skills.first} errorTitle="Insights could not be read" loadingLabel="Reading insights…">
      {() => (
        <Stack>
          {skills.shown.length === 0 ? (
            <Paper withBorder p="md">
              <Text size="sm">
                No call or chat session resolved a skill in this range. Signals come from agents at work:{" "}
                <Anchor component={Link} to="/agents" underline="always">
                  Try an agent
                </Anchor>{" "}
                from its page, or pick a longer range.
              </Text>
            </Paper>
          ) : (
            <InsightSkills pages={skills} range={bounds} />
          )}
          <QueryState query={panels} errorTitle="Unused skills and cap advice could not be read">
            {(data) => (
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                <UnusedSkills names={data.unusedSkills} anyCalls={skills.shown.length > 0} />
                <CapAdvicePanel data={data} />
              </SimpleGrid>
            )}
          </QueryState>
        </Stack>
      )}
    </QueryState>
  );
}

function UnusedSkills({ names, anyCalls }: { names: string[]; anyCalls: boolean }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        Never loaded
      </Title>
      {/* without calls every listed skill is "never loaded", which says nothing about its description */}
      {!anyCalls ? (
        <Text size="sm">
          Nothing to say without calls: a skill counts as never loaded once its agents are called without it.
        </Text>
      ) : names.length === 0 ? (
        <Text size="sm">Every skill a published agent lists was loaded in this range.</Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            Listed by a published agent, never loaded in this range: a description the model does not pick, or a skill
            nobody needs.
          </Text>
          <Group gap="xs">
            {names.map((name) => (
              <Badge
                key={name}
                variant="light"
                color="gray"
                tt="none"
                component={Link}
                to={`/skills/${encodeURIComponent(name)}/history`}
              >
                {name}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

function CapAdvicePanel({ data }: { data: Data }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        Cap advice
      </Title>
      {data.capAdvice.length === 0 ? (
        <Text size="sm">No agent&apos;s cap evicted a skill in this range.</Text>
      ) : (
        <Table aria-label="Agents whose cap evicted skills">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Evictions</Table.Th>
              <Table.Th>Cap now</Table.Th>
              <Table.Th>Suggested cap</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.capAdvice.map((a) => (
              <Table.Tr key={a.agentId}>
                <Table.Td>
                  {/* the agent's published version (else its newest) */}
                  <Anchor component={Link} to={`/agents/by-id/${a.agentId}`} size="sm">
                    {a.agentName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.evictions}</Table.Td>
                <Table.Td>{a.maxLoadedSkills}</Table.Td>
                <Table.Td>
                  <Text span fw={600} size="sm">
                    {a.suggestedMax}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
