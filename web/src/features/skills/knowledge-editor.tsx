import { useQuery } from "@apollo/client/react";
import { Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import type { Problem } from "../../shared/errors";
import type { KnowledgeRow } from "./skill-content";
import { KNOWLEDGE_BASES } from "./skill-documents";
import { FAILED_COLOR } from "../../shared/format";

interface Props {
  rows: KnowledgeRow[];
  onChange(rows: KnowledgeRow[]): void;
  problems: Problem[];
  readOnly: boolean;
}

/** Knowledge bases the skill brings: PROMPT puts documents in the prompt, TOOL offers a search tool. */
export function KnowledgeEditor({ rows, onChange, problems, readOnly }: Props) {
  const { data, error } = useQuery(KNOWLEDGE_BASES);
  const options = (data?.knowledgeBases ?? []).map((kb) => ({ value: kb.id, label: kb.name }));
  const set = (i: number, change: Partial<KnowledgeRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Knowledge bases
        </Title>
        {readOnly || options.length === 0 ? null : (
          <Button
            size="xs"
            variant="light"
            onClick={() => onChange([...rows, { knowledgeBaseId: options[0]!.value, mode: "PROMPT" }])}
          >
            Add knowledge base
          </Button>
        )}
      </Group>
      {error ? (
        <Text c="red" size="sm">
          {error.message}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {options.length === 0 ? "The project has no knowledge bases yet." : "None attached."}
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <Group key={i} align="flex-end" grow>
          <Select
            label={`Knowledge base ${i + 1}`}
            data={options}
            value={row.knowledgeBaseId}
            readOnly={readOnly}
            error={
              problems
                .filter((p) => p.path.startsWith(`knowledge_bases[${i}]`))
                .map((p) => p.message)
                .join(" ") || undefined
            }
            onChange={(v) => v && set(i, { knowledgeBaseId: v })}
          />
          <Select
            label="Mode"
            data={[
              { value: "PROMPT", label: "In the prompt" },
              { value: "TOOL", label: "As a search tool" },
            ]}
            value={row.mode}
            readOnly={readOnly}
            onChange={(v) => v && set(i, { mode: v as KnowledgeRow["mode"] })}
          />
          {readOnly ? null : (
            <Button
              variant="subtle"
              color={FAILED_COLOR}
              size="xs"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
