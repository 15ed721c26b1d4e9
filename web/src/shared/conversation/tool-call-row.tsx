import { Badge, Code, Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FAILED_COLOR, MUTED_COLOR, OK_COLOR } from "../format";
import { oneLine, type ShownToolCall } from "./transcript";

/** Long lines (a system prompt, a big result) wrap instead of widening the page. */
export const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-word" } as const;

const pretty = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "null"));

/** A block that shows one line of its value until opened (native details: keyboard and screen readers for free). */
export function Collapsible({ label, preview, children }: { label: string; preview: string; children: ReactNode }) {
  return (
    <details>
      <summary style={{ cursor: "pointer", fontSize: "var(--mantine-font-size-sm)" }}>
        <Text span size="sm" fw={500}>
          {label}
        </Text>{" "}
        <Text span size="xs" ff="monospace" c="dimmed" style={{ wordBreak: "break-all" }}>
          {preview}
        </Text>
      </summary>
      <Code block mt={4} style={WRAP}>
        {children}
      </Code>
    </details>
  );
}

/** One tool call of the model: its name and outcome on one line, the arguments and result to open. */
export function ToolCallRow({ call }: { call: ShownToolCall }) {
  const { outcome } = call;
  return (
    <Paper
      withBorder
      radius="sm"
      px="sm"
      py={6}
      w="fit-content"
      miw={320}
      maw="85%"
      bg="var(--mantine-color-default-hover)"
      data-testid="tool-call"
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" fw={600}>
            Tool call
          </Text>
          <Text size="sm" ff="monospace" fw={700}>
            {call.tool}
          </Text>
          {call.mocked ? (
            <Badge size="xs" variant="outline" color={MUTED_COLOR}>
              mocked
            </Badge>
          ) : null}
          <Badge size="xs" variant="light" color={outcome.ok ? OK_COLOR : FAILED_COLOR}>
            {outcome.ok ? "ok" : outcome.status}
          </Badge>
        </Group>
        <Collapsible label="Arguments" preview={oneLine(call.arguments)}>
          {pretty(call.arguments)}
        </Collapsible>
        {outcome.ok ? (
          <Collapsible label="Result" preview={oneLine(outcome.result)}>
            {pretty(outcome.result)}
          </Collapsible>
        ) : (
          <Text size="sm" c={FAILED_COLOR} style={WRAP}>
            Error: {outcome.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
