import { Group, List, Text } from "@mantine/core";
import { OK_COLOR } from "../../shared/format";
import { expectationLabel, failureReason, type JudgedExpectation } from "./eval-result";
import { FAILED_COLOR } from "../../shared/format";

/** Each expectation of a result: met or not (in words, not only colour), and why not. */
export function ExpectationList(props: { expectations: JudgedExpectation[]; toolCalls: unknown; transcript: unknown }) {
  const { expectations, toolCalls, transcript } = props;
  if (expectations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No expectations.
      </Text>
    );
  return (
    <List listStyleType="none" spacing={4} aria-label="Expectations">
      {expectations.map((e, i) => {
        const reason = failureReason(e, toolCalls, transcript);
        return (
          <List.Item key={i}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Text size="sm" fw={700} c={e.passed ? OK_COLOR : FAILED_COLOR} style={{ flexShrink: 0 }}>
                {e.passed ? "✓ met" : "✗ not met"}
              </Text>
              <Text size="sm">{expectationLabel(e)}</Text>
            </Group>
            {reason ? (
              <Text size="sm" c={FAILED_COLOR} ml="lg" data-testid="failure-reason">
                {reason}
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}
