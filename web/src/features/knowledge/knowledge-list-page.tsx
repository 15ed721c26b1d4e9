import { useQuery } from "@apollo/client/react";
import { Anchor, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import type { KnowledgeBaseListQuery } from "../../gql/graphql";
import { when } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { ErrorNotice } from "../../shared/states";
import { useCanWrite } from "../sign-in/session-context";
import { KNOWLEDGE_BASE_LIST } from "./knowledge-documents";
import { useKnowledgeBaseDraft } from "./use-knowledge-drafts";

type Base = KnowledgeBaseListQuery["knowledgeBases"][number];

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

const COLUMNS: Array<Column<Base>> = [
  {
    header: "Name",
    maxWidth: 280,
    cell: (b) => (
      <Anchor component={Link} to={`/knowledge/${b.id}`} style={{ wordBreak: "break-word" }}>
        {b.name}
      </Anchor>
    ),
  },
  {
    header: "Description",
    maxWidth: 360,
    cell: (b) => (
      <Text size="sm" lineClamp={2}>
        {b.description || "—"}
      </Text>
    ),
  },
  { header: "Documents", nowrap: true, cell: (b) => b.documents.length },
  {
    header: "Used by",
    maxWidth: 320,
    cell: (b) =>
      b.skillVersions.length + b.agentVersions.length === 0 ? (
        <Text size="sm" c="dimmed">
          nobody yet
        </Text>
      ) : (
        <Text size="sm">
          {[
            b.skillVersions.length ? plural(b.skillVersions.length, "skill version") : "",
            b.agentVersions.length ? plural(b.agentVersions.length, "agent version") : "",
          ]
            .filter(Boolean)
            .join(", ")}
          : {[...new Set([...b.skillVersions, ...b.agentVersions].map((v) => v.name))].join(", ")}
        </Text>
      ),
  },
  { header: "Created", nowrap: true, cell: (b) => when(b.createdAt) },
];

function NewBaseForm() {
  const navigate = useNavigate();
  const draft = useKnowledgeBaseDraft();
  const { values, edit, fieldError } = draft;
  async function create() {
    const made = await draft.save();
    if (made) await navigate(`/knowledge/${made.id}`);
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="New knowledge base">
      <Stack gap="sm">
        <Title order={2} size="h5">
          New knowledge base
        </Title>
        <Group align="flex-start">
          <TextInput
            label="Name"
            value={values.name}
            onChange={(e) => edit({ name: e.currentTarget.value })}
            error={fieldError("name")}
            w={260}
          />
          <TextInput
            label="Description"
            value={values.description}
            onChange={(e) => edit({ description: e.currentTarget.value })}
            error={fieldError("description")}
            style={{ flex: 1 }}
            miw={240}
          />
          <NumberInput
            label="Results per search"
            value={values.topK}
            min={1}
            max={50}
            onChange={(v) => edit({ topK: Number(v) || 3 })}
            error={fieldError("top_k")}
            w={150}
          />
          <NumberInput
            label="Least relevance (0–1)"
            value={values.similarityThreshold}
            min={0}
            max={1}
            step={0.05}
            decimalScale={2}
            onChange={(v) => edit({ similarityThreshold: Number(v) || 0 })}
            error={fieldError("similarity_threshold")}
            w={170}
          />
        </Group>
        <ErrorNotice error={draft.problems.length ? null : draft.error} title="The knowledge base was not created" />
        <Group>
          <Button onClick={() => void create()} loading={draft.saving} disabled={!values.name.trim()}>
            Create knowledge base
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The project's knowledge bases: their documents, who uses them, and a form for a new one. */
export default function KnowledgeListPage() {
  const canWrite = useCanWrite();
  const query = useQuery(KNOWLEDGE_BASE_LIST);
  return (
    <Stack>
      <Title order={1} size="h3">
        Knowledge bases
      </Title>
      <Text size="sm" c="dimmed">
        Documents a skill or an agent brings: in the prompt once the skill loads, or searchable through query_knowledge.
      </Text>
      {canWrite ? <NewBaseForm /> : null}
      <QueryState
        query={query}
        errorTitle="Knowledge bases could not be listed"
        isEmpty={(d) => d.knowledgeBases.length === 0}
        empty="No knowledge bases yet."
      >
        {(d) => <PagedTable label="Knowledge bases" columns={COLUMNS} rows={d.knowledgeBases} rowKey={(b) => b.id} />}
      </QueryState>
    </Stack>
  );
}
