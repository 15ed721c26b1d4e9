import { useMutation, useQuery } from "@apollo/client/react";
import {
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  List,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Link, useParams } from "react-router";
import type { ReadKnowledgeBaseQuery } from "../../gql/graphql";
import { Collapsible } from "../../shared/conversation/tool-call-row";
import { ConfirmButton } from "../../shared/confirm-button";
import { stateColor, when } from "../../shared/format";
import { QueryState } from "../../shared/query-state";
import { Empty, ErrorNotice, NotFound } from "../../shared/states";
import { useCanWrite } from "../sign-in/session-context";
import { DELETE_KNOWLEDGE_DOCUMENT, READ_KNOWLEDGE_BASE } from "./knowledge-documents";
import { useDocumentDraft } from "./use-knowledge-drafts";

type Base = NonNullable<ReadKnowledgeBaseQuery["knowledgeBase"]>;

function AddDocumentForm({ baseId }: { baseId: string }) {
  const draft = useDocumentDraft(baseId);
  const { values, edit, fieldError } = draft;
  async function readFile(file: File | null) {
    if (!file) return;
    edit({ title: values.title || file.name.replace(/\.[^.]+$/, ""), content: await file.text() });
  }
  return (
    <Card withBorder component="section" aria-label="Add a document">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            Add a document
          </Title>
          <FileButton onChange={(f) => void readFile(f)} accept=".md,.txt,text/plain,text/markdown">
            {(props) => (
              <Button size="xs" variant="default" {...props}>
                Read from a file
              </Button>
            )}
          </FileButton>
        </Group>
        <TextInput
          label="Title"
          value={values.title}
          onChange={(e) => edit({ title: e.currentTarget.value })}
          error={fieldError("title")}
        />
        <Textarea
          label="Content"
          value={values.content}
          onChange={(e) => edit({ content: e.currentTarget.value })}
          error={fieldError("content")}
          autosize
          minRows={5}
          maxRows={16}
        />
        <ErrorNotice error={draft.problems.length ? null : draft.error} title="The document was not added" />
        <Group>
          <Button
            onClick={() => void draft.save()}
            loading={draft.saving}
            disabled={!values.title.trim() || !values.content}
          >
            Add document
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function UsedBy({ base }: { base: Base }) {
  return (
    <Card withBorder component="section" aria-label="Used by">
      <Title order={2} size="h5" mb="xs">
        Used by
      </Title>
      {base.skillVersions.length + base.agentVersions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No draft or published skill version or agent names this knowledge base yet. Add it on a skill's Knowledge tab.
        </Text>
      ) : (
        <List spacing={4} size="sm" listStyleType="none">
          {[
            ...base.skillVersions.map((v) => ({ ...v, kind: "Skill", href: `/skills/v/${v.id}` })),
            ...base.agentVersions.map((v) => ({ ...v, kind: "Agent", href: `/agents/v/${v.id}` })),
          ].map((v) => (
            <List.Item key={v.id}>
              {v.kind}{" "}
              <Anchor component={Link} to={v.href} ff={v.kind === "Skill" ? "monospace" : undefined}>
                {v.name} · version {v.version}
              </Anchor>{" "}
              <Badge size="xs" variant="light" color={stateColor(v.state)}>
                {v.state.toLowerCase()}
              </Badge>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

function Documents({ base }: { base: Base }) {
  const canWrite = useCanWrite();
  const [remove] = useMutation(DELETE_KNOWLEDGE_DOCUMENT, {
    refetchQueries: [{ query: READ_KNOWLEDGE_BASE, variables: { id: base.id } }],
    awaitRefetchQueries: true,
  });
  if (base.documents.length === 0) return <Empty>No documents yet: add the first one below.</Empty>;
  return (
    <Stack gap="xs" component="section" aria-label="Documents">
      {base.documents.map((d) => (
        <Card key={d.id} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} size="sm" style={{ wordBreak: "break-word" }}>
                {d.title}
              </Text>
              <Text size="xs" c="dimmed" mb={4}>
                {d.content.length.toLocaleString()} characters · added {when(d.createdAt)}
              </Text>
              <Collapsible label="Content" preview={d.content.slice(0, 80).replace(/\s+/g, " ")}>
                {d.content}
              </Collapsible>
            </div>
            {canWrite ? (
              <ConfirmButton
                label={`Remove ${d.title}`}
                confirm={`Remove “${d.title}”? Calls that start from now on no longer read it.`}
                failure="The document was not removed"
                onConfirm={() => remove({ variables: { id: d.id } })}
              >
                Remove
              </ConfirmButton>
            ) : null}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** One knowledge base: its documents (add, remove) and the skill versions and agents that use it. */
export default function KnowledgeBasePage() {
  const id = useParams().id ?? "";
  const canWrite = useCanWrite();
  const query = useQuery(READ_KNOWLEDGE_BASE, { variables: { id } });
  return (
    <Stack>
      <Anchor component={Link} to="/knowledge" size="sm">
        ← Knowledge bases
      </Anchor>
      <QueryState
        query={query}
        errorTitle="The knowledge base could not be read"
        loadingLabel="Reading…"
        notFound={
          <NotFound back={{ to: "/knowledge", label: "Back to knowledge bases" }}>
            No knowledge base has id {id} in this project.
          </NotFound>
        }
      >
        {({ knowledgeBase: base }) => (
          <Stack>
            <div>
              <Title order={1} size="h3" style={{ wordBreak: "break-word" }}>
                {base.name}
              </Title>
              <Text size="sm" c="dimmed">
                {base.description || "No description."} · {base.topK} results per search · least relevance{" "}
                {base.similarityThreshold} · created {when(base.createdAt)}
              </Text>
            </div>
            <Grid>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack>
                  <Title order={2} size="h5">
                    Documents ({base.documents.length})
                  </Title>
                  <Documents base={base} />
                  {canWrite ? <AddDocumentForm baseId={base.id} /> : null}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <UsedBy base={base} />
              </Grid.Col>
            </Grid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
