import { Stack, Text } from "@mantine/core";
import type { JudgedExpectation } from "./eval-result";
import { ExpectationList } from "./expectation-list";
import { TranscriptView } from "../../shared/conversation/transcript-view";

/** One result opened: what was expected and whether it was met, then the conversation that was judged. */
export function ResultDetails({
  result,
}: {
  result: { transcript: unknown; toolCalls: unknown; expectations: unknown };
}) {
  const expectations = (Array.isArray(result.expectations) ? result.expectations : []) as JudgedExpectation[];
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        Expectations
      </Text>
      <ExpectationList expectations={expectations} toolCalls={result.toolCalls} transcript={result.transcript} />
      <Text size="sm" fw={600}>
        Conversation
      </Text>
      <TranscriptView transcript={result.transcript} toolCalls={result.toolCalls} />
    </Stack>
  );
}
