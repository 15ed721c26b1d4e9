import { useQuery } from "@apollo/client/react";
import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { Problem } from "../../shared/errors";
import { FAILED_COLOR } from "../../shared/format";
import { problemsAt } from "../../shared/use-draft";
import type { KnowledgeRow } from "./skill-content";
import { KNOWLEDGE_BASES } from "./skill-documents";

interface Props {
  rows: KnowledgeRow[];
  onChange(rows: KnowledgeRow[]): void;
  problems: Problem[];
  readOnly: boolean;
}

const MODES = [
  { value: "PROMPT", label: "In the prompt" },
  { value: "TOOL", label: "As a search tool" },
];

/** Knowledge bases the skill brings: PROMPT puts documents in the prompt, TOOL offers a search tool (SK-4). */
export function KnowledgeEditor({ rows, onChange, problems, readOnly }: Props) {
  const { data, error } = useQuery(KNOWLEDGE_BASES);
  const bases = data?.knowledgeBases ?? [];
  const nameOf = new Map(bases.map((kb) => [kb.id, kb.name]));
  const unused = bases.filter((kb) => !rows.some((r) => r.knowledgeBaseId === kb.id));
  const set = (i: number, change: Partial<KnowledgeRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Knowledge bases
      </Title>
      {error ? (
        <Text c="red.9" size="sm" role="alert">
          The knowledge bases could not be listed: {error.message}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None attached. Once the skill is loaded, an attached base's documents join the prompt or become searchable.
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <Card
          key={row.knowledgeBaseId}
          withBorder
          p="sm"
          aria-label={`Knowledge base ${nameOf.get(row.knowledgeBaseId) ?? i + 1}`}
        >
          <Group justify="space-between" align="flex-end" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ wordBreak: "break-word" }}>
                {nameOf.get(row.knowledgeBaseId) ?? row.knowledgeBaseId}
              </Text>
              {problemsAt(problems, `knowledge_bases[${i}]`, `knowledgeBases[${i}]`) ? (
                <Text c="red.9" size="xs" role="alert">
                  {problemsAt(problems, `knowledge_bases[${i}]`, `knowledgeBases[${i}]`)}
                </Text>
              ) : null}
            </div>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <Select
                label={`Mode of ${nameOf.get(row.knowledgeBaseId) ?? `knowledge base ${i + 1}`}`}
                data={MODES}
                value={row.mode}
                readOnly={readOnly}
                allowDeselect={false}
                onChange={(v) => v && set(i, { mode: v as KnowledgeRow["mode"] })}
                w={170}
              />
              {readOnly ? null : (
                <Button
                  variant="subtle"
                  color={FAILED_COLOR}
                  size="xs"
                  mb={4}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  Remove {nameOf.get(row.knowledgeBaseId) ?? ""}
                </Button>
              )}
            </Group>
          </Group>
        </Card>
      ))}
      {readOnly ? null : (
        <Group align="flex-end" justify="space-between">
          <Select
            label="Add a knowledge base"
            placeholder={unused.length ? "Pick one of the project's" : "No other knowledge base"}
            data={unused.map((kb) => ({ value: kb.id, label: kb.name }))}
            value={null}
            searchable
            onChange={(id) => id && onChange([...rows, { knowledgeBaseId: id, mode: "PROMPT" }])}
            w={280}
          />
          <Anchor component={Link} to="/knowledge" size="sm">
            Manage knowledge bases
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
