import { Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import type { Problem } from "../../shared/errors";
import type { ToolRow } from "./skill-content";
import { FAILED_COLOR } from "../../shared/format";

interface Props {
  tools: ToolRow[];
  onChange(tools: ToolRow[]): void;
  problems: Problem[];
  readOnly: boolean;
}

const blank: ToolRow = { name: "", description: "", webhookUrl: "https://", parameters: "", webhookSecret: "" };

/** The skill's webhook tools; a server problem `tools[i].field` is shown on that field. */
export function ToolsEditor({ tools, onChange, problems, readOnly }: Props) {
  const errorAt = (i: number, field: string) =>
    problems
      .filter((p) => p.path === `tools[${i}].${field}` || (field === "name" && p.path === `tools[${i}]`))
      .map((p) => p.message)
      .join(" ") || undefined;
  const set = (i: number, change: Partial<ToolRow>) =>
    onChange(tools.map((t, j) => (j === i ? { ...t, ...change } : t)));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Tools
        </Title>
        {readOnly ? null : (
          <Button size="xs" variant="light" onClick={() => onChange([...tools, blank])}>
            Add tool
          </Button>
        )}
      </Group>
      {tools.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tools. A skill's tools are offered to the model once the skill is loaded.
        </Text>
      ) : null}
      {tools.map((tool, i) => (
        <Card key={i} withBorder p="sm" aria-label={`Tool ${i + 1}`}>
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput
                label="Name"
                value={tool.name}
                readOnly={readOnly}
                error={errorAt(i, "name")}
                onChange={(e) => set(i, { name: e.currentTarget.value })}
              />
              <TextInput
                label="Webhook URL"
                value={tool.webhookUrl}
                readOnly={readOnly}
                error={errorAt(i, "webhook_url")}
                onChange={(e) => set(i, { webhookUrl: e.currentTarget.value })}
              />
            </Group>
            <TextInput
              label="Description"
              value={tool.description}
              readOnly={readOnly}
              error={errorAt(i, "description")}
              onChange={(e) => set(i, { description: e.currentTarget.value })}
            />
            <Textarea
              label="Parameters (JSON Schema)"
              value={tool.parameters}
              readOnly={readOnly}
              autosize
              minRows={2}
              ff="monospace"
              error={errorAt(i, "parameters")}
              onChange={(e) => set(i, { parameters: e.currentTarget.value })}
            />
            <Group justify="space-between" align="flex-end">
              <TextInput
                label="Webhook secret"
                description="*** keeps the stored secret; empty removes it."
                value={tool.webhookSecret}
                readOnly={readOnly}
                error={errorAt(i, "webhook_secret")}
                onChange={(e) => set(i, { webhookSecret: e.currentTarget.value })}
              />
              {readOnly ? null : (
                <Button
                  size="xs"
                  color={FAILED_COLOR}
                  variant="subtle"
                  onClick={() => onChange(tools.filter((_, j) => j !== i))}
                >
                  Remove tool {tool.name || i + 1}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
