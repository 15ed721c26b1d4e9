import { Card, Code, Grid, Stack, Text, Timeline, Title } from "@mantine/core";
import { useState } from "react";
import type { CallFieldsFragment } from "../../gql/graphql";
import { when } from "../../shared/format";
import { ResolvedSkills } from "./resolved-skills";

/** Resolved skills, the event timeline, and for the chosen step the prompt and tools the model saw (UX-5). */
export function CallView({ call }: { call: CallFieldsFragment }) {
  const [step, setStep] = useState<string | null>(null);
  const chosen = call.events.find((e) => e.id === step) ?? call.events[call.events.length - 1] ?? null;
  const prompt = chosen?.systemPromptAfter ?? call.systemPrompt;
  const tools = chosen?.toolsAfter ?? call.tools;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <ResolvedSkills skills={call.skills} catalog={call.catalog} />
          <Card withBorder>
            <Title order={2} size="h5">
              Timeline
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              Pick a step to see what the model saw right after it.
            </Text>
            <Timeline active={call.events.length - 1} bulletSize={16} lineWidth={2} data-testid="call-timeline">
              {call.events.map((e) => (
                <Timeline.Item
                  key={e.id}
                  title={
                    <button
                      type="button"
                      onClick={() => setStep(e.id)}
                      aria-pressed={chosen?.id === e.id}
                      style={{ all: "unset", cursor: "pointer", fontWeight: chosen?.id === e.id ? 700 : 500 }}
                    >
                      {e.type}
                      {typeof (e.data as { skill?: unknown }).skill === "string"
                        ? ` · ${(e.data as { skill: string }).skill}`
                        : ""}
                    </button>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {when(e.at)} · loaded after: {e.loadedAfter.join(", ") || "none"}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Card>
          {call.toolInvocations.length > 0 ? (
            <Card withBorder data-testid="tool-runs">
              <Title order={2} size="h5" mb="xs">
                Tool runs
              </Title>
              {call.toolInvocations.map((t) => (
                <Text key={t.id} size="sm">
                  <code>{t.tool}</code> · {t.status} · {t.latencyMs} ms {t.error ? `· ${t.error}` : ""}
                </Text>
              ))}
            </Card>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            What the model sees {chosen ? `after ${chosen.type}` : "now"}
          </Title>
          <Text size="sm" fw={600}>
            Tools offered ({tools.length})
          </Text>
          <Text size="sm" mb="xs" data-testid="offered-tools">
            {tools.map((t) => `${t.name} (${t.source})`).join(", ") || "none"}
          </Text>
          <Text size="sm" fw={600}>
            System prompt
          </Text>
          <Code
            block
            data-testid="system-prompt"
            tabIndex={0}
            aria-label="System prompt"
            style={{ maxHeight: 480, overflow: "auto", whiteSpace: "pre-wrap" }}
          >
            {prompt}
          </Code>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
