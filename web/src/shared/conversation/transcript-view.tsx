import { Group, Paper, Stack, Text } from "@mantine/core";
import { transcriptRows, type TranscriptRow } from "./transcript";
import { Collapsible, ToolCallRow, WRAP } from "./tool-call-row";

function Bubble({ who, text }: { who: "User" | "Assistant"; text: string }) {
  const user = who === "User";
  return (
    <Group justify={user ? "flex-end" : "flex-start"}>
      <Paper
        withBorder
        radius="md"
        px="sm"
        py={6}
        maw="80%"
        bg={user ? "var(--mantine-color-indigo-light)" : "var(--mantine-color-body)"}
        data-testid={user ? "user-message" : "assistant-message"}
      >
        <Text size="xs" c="dimmed" fw={600}>
          {who}
        </Text>
        <Text size="sm" style={WRAP}>
          {text}
        </Text>
      </Paper>
    </Group>
  );
}

function Row({ row }: { row: TranscriptRow }) {
  switch (row.kind) {
    case "system":
      return (
        <Collapsible label="System prompt" preview={`${row.text.length} characters`}>
          {row.text}
        </Collapsible>
      );
    case "user":
      return <Bubble who="User" text={row.text} />;
    case "assistant":
      return <Bubble who="Assistant" text={row.text} />;
    case "tool":
      return <ToolCallRow call={row.call} />;
  }
}

/** The conversation of one iteration as the model saw it: messages as bubbles, tool calls between them. */
export function TranscriptView({ transcript, toolCalls }: { transcript: unknown; toolCalls: unknown }) {
  const rows = transcriptRows(transcript, toolCalls);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No messages.
      </Text>
    );
  return (
    <Stack gap="xs" component="section" aria-label="Transcript">
      {rows.map((row, i) => (
        <Row key={i} row={row} />
      ))}
    </Stack>
  );
}
