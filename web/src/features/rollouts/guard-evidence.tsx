import { Badge, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { RolloutFieldsFragment } from "../../gql/graphql";
import { FAILED_COLOR, INFO_COLOR, OK_COLOR } from "../../shared/format";
import { allowance, points, verdictWords } from "./guard-words";
import { METRIC_LABELS } from "./rollout-plan";

type Guard = RolloutFieldsFragment["guards"][number];

const VERDICT_COLOR: Record<string, string> = { tripped: FAILED_COLOR, holding: OK_COLOR, insufficient: INFO_COLOR };
const VERDICT_LABEL: Record<string, string> = { tripped: "tripped", holding: "holding", insufficient: "deciding" };

/** RO-4: each guard's evidence — the interval of the candidate's degradation against the allowance, and the verdict. */
export function GuardEvidence({ rollout }: { rollout: RolloutFieldsFragment }) {
  if (rollout.guards.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No guard: only a person can roll this rollout back.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {rollout.guards.map((g, i) => (
        <Card key={i} withBorder padding="sm" component="section" aria-label={`${METRIC_LABELS[g.metric]} guard`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {METRIC_LABELS[g.metric]}: at most {allowance(g.maxDegradation)}{" "}
                {g.metric === "TOOL_ERROR_RATE" ? "higher" : "lower"}
              </Text>
              <Badge color={VERDICT_COLOR[g.verdict] ?? INFO_COLOR} variant="light">
                {VERDICT_LABEL[g.verdict] ?? g.verdict}
              </Badge>
            </Group>
            <IntervalChart guard={g} />
            <Text size="sm" data-testid="guard-verdict">
              {verdictWords(g)}
            </Text>
            <Text size="xs" c="dimmed">
              {g.evidence
                ? `${g.evidence.liveSamples} live, ${g.evidence.candidateSamples} candidate samples · ` +
                  `each end holds with ${Math.round((1 - g.alpha) * 1000) / 10} % confidence, however often it is checked`
                : null}
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

const WIDTH = 320;
const HEIGHT = 46;
const PAD = 12;

/**
 * The interval of the degradation (how much worse the candidate is, in points) on an axis with 0 (as good as live)
 * and the allowance marked: the guard trips when the whole interval lies right of the allowance.
 */
export function IntervalChart({ guard }: { guard: Guard }) {
  const e = guard.evidence;
  const low = e?.differenceLow ?? null;
  const high = e?.differenceHigh ?? null;
  const margin = guard.maxDegradation;
  const from = Math.max(-1, Math.min(-margin, low ?? 0) - 0.02);
  const to = Math.min(1, Math.max(2 * margin, high ?? 0, 0.05) + 0.02);
  const x = (v: number) => PAD + ((v - from) / (to - from)) * (WIDTH - 2 * PAD);
  const color = `var(--mantine-color-${VERDICT_COLOR[guard.verdict] ?? INFO_COLOR}-filled)`;
  const estimate = e && e.live !== null && e.candidate !== null ? degradation(guard.metric, e.live, e.candidate) : null;
  const side = guard.metric === "TOOL_ERROR_RATE" ? "higher" : "lower";
  const label =
    low === null || high === null
      ? `No interval yet; ${allowance(margin)} ${side} allowed`
      : `The candidate is ${points(low)} to ${points(high)} points ${side} than live; ${allowance(margin)} allowed`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label} style={{ maxWidth: 480 }}>
      <line x1={PAD} x2={WIDTH - PAD} y1={22} y2={22} stroke="var(--mantine-color-gray-5)" strokeWidth={1} />
      <line x1={x(0)} x2={x(0)} y1={12} y2={32} stroke="var(--mantine-color-gray-6)" strokeWidth={1} />
      {x(0) - PAD > 45 ? (
        <text x={PAD} y={44} fontSize={9} textAnchor="start" fill="var(--mantine-color-dimmed)">
          {signed(from)}
        </text>
      ) : null}
      <text x={WIDTH - PAD} y={44} fontSize={9} textAnchor="end" fill="var(--mantine-color-dimmed)">
        {signed(to)} points
      </text>
      <text x={x(0)} y={44} fontSize={10} textAnchor="middle" fill="var(--mantine-color-dimmed)">
        as live
      </text>
      <rect
        x={x(margin)}
        y={12}
        width={Math.max(0, x(to) - x(margin))}
        height={20}
        fill="var(--mantine-color-fail-light)"
      />
      <line
        x1={x(margin)}
        x2={x(margin)}
        y1={6}
        y2={36}
        stroke="var(--mantine-color-fail-filled)"
        strokeWidth={1.5}
        strokeDasharray="3 2"
      />
      <text x={x(margin)} y={8} fontSize={10} textAnchor="start" dx={3} fill="var(--mantine-color-fail-text)">
        {allowance(margin)}
      </text>
      {low !== null && high !== null ? (
        <>
          <rect x={x(low)} y={18} width={Math.max(2, x(high) - x(low))} height={8} rx={4} fill={color} opacity={0.85} />
          {estimate !== null ? (
            <circle cx={x(estimate)} cy={22} r={4} fill={color} stroke="white" strokeWidth={1.5} />
          ) : null}
        </>
      ) : null}
    </svg>
  );
}

/** An axis end in whole points: −12, +40. */
const signed = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(Math.round(v * 100))}`;

/** How much worse the candidate is: live − candidate, or its rise for the error rate. */
function degradation(metric: string, live: number, candidate: number): number {
  return metric === "TOOL_ERROR_RATE" ? candidate - live : live - candidate;
}
