import { useQuery } from "@apollo/client/react";
import { Alert, Anchor, Card, Code, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { Collapsible, WRAP } from "../../shared/conversation/tool-call-row";
import { TranscriptView } from "../../shared/conversation/transcript-view";
import { when, WARN_COLOR } from "../../shared/format";
import { QueryState } from "../../shared/query-state";
import { ResolvedSkills } from "../calls/resolved-skills";
import { READ_SESSION } from "./session-documents";
import { sessionTranscript } from "./session-transcript";

/** New messages appear without a reload: the session is read again this often while the page is open. */
export const SESSION_POLL_MS = 2000;

/** UX-9: one chat session as a conversation, with what it resolved and loaded, and what the model sees now. */
export default function SessionPage() {
  const id = useParams().id ?? "";
  const query = useQuery(READ_SESSION, { variables: { id }, pollInterval: SESSION_POLL_MS });
  return (
    <Stack>
      <Anchor component={Link} to="/sessions" size="sm">
        ← Chat sessions
      </Anchor>
      <QueryState
        query={query}
        errorTitle="The session could not be read"
        loadingLabel="Reading the session…"
        isEmpty={(d) => !d.chatSession}
        empty={`No chat session has id ${id} in this project.`}
      >
        {({ chatSession: s }) =>
          s ? (
            <Stack>
              <Group gap="sm" justify="space-between">
                <Title order={1} size="h3">
                  Session with {s.agentName}
                </Title>
                <Text size="xs" c="dimmed" data-testid="live-mode">
                  live: new messages appear within {SESSION_POLL_MS / 1000} s
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Started {when(s.createdAt)} · {s.messages.length} messages · {s.toolInvocations.length} tool runs ·{" "}
                <span style={{ fontFamily: "monospace" }}>{s.id}</span>
              </Text>
              {s.warnings.length ? (
                <Alert color={WARN_COLOR} variant="light" title="Warnings">
                  {s.warnings.join(" ")}
                </Alert>
              ) : null}
              <Grid>
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <Card withBorder>
                    <Title order={2} size="h5" mb="xs">
                      Conversation
                    </Title>
                    <TranscriptView {...sessionTranscript(s.messages, s.toolInvocations)} />
                  </Card>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Stack>
                    <ResolvedSkills skills={s.skills} catalog={s.catalog} />
                    <Card withBorder component="section" aria-label="What the model sees now">
                      <Title order={2} size="h5" mb="xs">
                        What the model sees now
                      </Title>
                      <Text size="sm" fw={600}>
                        Tools offered ({s.tools.length})
                      </Text>
                      <Text size="sm" mb="xs" style={WRAP}>
                        {s.tools.map((t) => `${t.name} (${t.source})`).join(", ") || "none"}
                      </Text>
                      <Collapsible label="System prompt" preview={`${s.systemPrompt.length} characters`}>
                        {s.systemPrompt}
                      </Collapsible>
                      {Object.keys((s.variables ?? {}) as object).length ? (
                        <>
                          <Text size="sm" fw={600} mt="xs">
                            Variables
                          </Text>
                          <Code block style={WRAP}>
                            {JSON.stringify(s.variables, null, 2)}
                          </Code>
                        </>
                      ) : null}
                    </Card>
                  </Stack>
                </Grid.Col>
              </Grid>
            </Stack>
          ) : null
        }
      </QueryState>
    </Stack>
  );
}
