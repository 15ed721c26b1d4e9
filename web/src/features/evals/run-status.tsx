import { Badge, Group, Progress, Text } from "@mantine/core";
import { FAILED_COLOR, INFO_COLOR, MUTED_COLOR, OK_COLOR } from "../../shared/format";

export function RunStatus({ status }: { status: string }) {
  const color =
    status === "done" ? OK_COLOR : status === "failed" ? FAILED_COLOR : status === "running" ? INFO_COLOR : MUTED_COLOR;
  return (
    <Badge variant="light" color={color} data-testid="run-status">
      {status}
    </Badge>
  );
}

export function PassBadge({ passed }: { passed: boolean }) {
  return (
    <Badge variant="light" color={passed ? OK_COLOR : FAILED_COLOR}>
      {passed ? "pass" : "fail"}
    </Badge>
  );
}

/** Iterations finished out of the run's, as a bar and a count. */
export function RunProgress({ run }: { run: { progress: number; total: number } }) {
  const done = Math.round(run.progress * run.total);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={run.progress * 100} w={120} aria-label="Progress" />
      <Text size="xs" c="dimmed">
        {run.total ? `${done}/${run.total}` : "—"}
      </Text>
    </Group>
  );
}
