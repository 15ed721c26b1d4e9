import { useMutation, useQuery } from "@apollo/client/react";
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { AgentInput, AgentVersionFullQuery } from "../../gql/graphql";
import { problemsOf } from "../../shared/errors";
import { authorOf, stateColor, when } from "../../shared/format";
import { SHORTCUTS, ShortcutHint, usePageShortcuts } from "../../shared/shortcuts";
import { ErrorNotice, Loading } from "../../shared/states";
import { useCanWrite } from "../session/session-context";
import { toInput, type ToolRow } from "../skills/skill-content";
import { ToolsEditor } from "../skills/tools-editor";
import { AGENT_VERSION, PUBLISH_AGENT, SAVE_AGENT } from "./agent-documents";
import { SkillEntries, type SkillEntry } from "./skill-entries";

type Version = NonNullable<AgentVersionFullQuery["agentVersion"]>;

export default function AgentEditorPage() {
  const { id } = useParams();
  const { data, loading, error } = useQuery(AGENT_VERSION, { variables: { id: id ?? "" }, skip: !id });
  if (id && loading && !data) return <Loading label="Opening the agent…" />;
  if (error) return <ErrorNotice error={error} title="The agent could not be read" />;
  return <AgentForm key={id ?? "new"} version={data?.agentVersion ?? null} />;
}

function toolRows(v: Version | null): ToolRow[] {
  return (v?.tools ?? []).map((t) => ({
    name: t.name,
    description: t.description,
    webhookUrl: t.webhookUrl,
    parameters: t.parameters && Object.keys(t.parameters as object).length ? JSON.stringify(t.parameters, null, 2) : "",
    webhookSecret: t.webhookSecret ?? "",
  }));
}

function AgentForm({ version }: { version: Version | null }) {
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const [name, setName] = useState(version?.name ?? "");
  const [alias, setAlias] = useState(version?.alias ?? "");
  const [prompt, setPrompt] = useState(version?.prompt ?? "");
  const [mode, setMode] = useState<string>(version?.mode ?? "CASCADE");
  const [maxLoaded, setMaxLoaded] = useState<number>(version?.maxLoadedSkills ?? 3);
  const [skills, setSkills] = useState<SkillEntry[]>(
    version?.skills.map((s) => ({ name: s.name, versionId: s.versionId ?? null })) ?? [],
  );
  const [tools, setTools] = useState<ToolRow[]>(toolRows(version));
  const [save, saved] = useMutation(SAVE_AGENT);
  const [publish, published] = useMutation(PUBLISH_AGENT, { refetchQueries: "active" });
  const problems = problemsOf(saved.error);
  const fieldError = (path: string) =>
    problems
      .filter((p) => p.path === path)
      .map((p) => p.message)
      .join(" ") || undefined;

  async function submit() {
    const built = toInput({ skillMd: "", tools, knowledgeBases: [], files: [] });
    if ("problems" in built) return;
    const input: AgentInput = {
      name,
      alias: alias || null,
      prompt,
      mode: mode as AgentInput["mode"],
      maxLoadedSkills: maxLoaded,
      skills: skills.map((s) => ({ name: s.name, versionId: s.versionId })),
      tools: built.input.tools,
      // kept as they are: the console does not edit these yet; write-only values read back as *** and are kept
      handoffTargets: version?.handoffTargets ?? [],
      knowledgeBaseIds: version?.knowledgeBaseIds ?? [],
      model: version?.model ?? null,
      mcpServers: (version?.mcpServers ?? []).map((m) => ({ name: m.name, url: m.url, headers: m.headers })),
    };
    try {
      const res = await save({ variables: { input, agentId: version?.agentId ?? null } });
      if (res.data) await navigate(`/agents/v/${res.data.saveAgent.id}`);
    } catch {
      // shown on the fields through saved.error
    }
  }

  const readOnly = !canWrite;
  const canPublish = canWrite && version?.state === "DRAFT";
  const publishNow = () => {
    if (version && !published.loading) void publish({ variables: { id: version.id } }).catch(() => undefined);
  };
  usePageShortcuts({
    save: canWrite && !saved.loading ? () => void submit() : undefined,
    publish: canPublish ? publishNow : undefined,
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h3">
            {version ? `${version.name} · version ${version.version}` : "New agent"}
          </Title>
          {version ? <Badge color={stateColor(version.state)}>{version.state.toLowerCase()}</Badge> : null}
        </Group>
        <Group gap="xs">
          {version ? (
            <Button component={Link} to={`/agents/${version.agentId}/try`} variant="default">
              Try it
            </Button>
          ) : null}
          {canWrite ? (
            <Button
              onClick={() => void submit()}
              loading={saved.loading}
              title="Ctrl/Cmd-S"
              aria-keyshortcuts={SHORTCUTS.save.aria}
              variant={version?.state === "DRAFT" ? "default" : "filled"}
            >
              {version ? "Save as new draft" : "Create agent"}
            </Button>
          ) : null}
          {canPublish ? (
            <Button
              color="#1b6e2f"
              loading={published.loading}
              onClick={publishNow}
              title="Ctrl/Cmd-Enter"
              aria-keyshortcuts={SHORTCUTS.publish.aria}
            >
              Publish agent
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {version ? `By ${authorOf(version)} · updated ${when(version.updatedAt)}` : "A new agent starts as a draft."}
        </Text>
        {canWrite ? (
          <ShortcutHint
            items={[
              ["save", version ? "save as new draft" : "create"],
              ...(canPublish ? [["publish", "publish"] as ["publish", string]] : []),
            ]}
          />
        ) : null}
      </Group>
      {version?.warnings.length ? (
        <Alert color="#7a4f00" title="Warnings">
          {version.warnings.join(" ")}
        </Alert>
      ) : null}
      <ErrorNotice error={saved.error} title="The agent was not saved" />
      <ErrorNotice error={published.error} title="The agent was not published" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <Group grow>
              <TextInput
                label="Name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                required
                readOnly={readOnly}
                error={fieldError("name")}
              />
              <TextInput
                label="Alias"
                value={alias}
                onChange={(e) => setAlias(e.currentTarget.value)}
                readOnly={readOnly}
                error={fieldError("alias")}
              />
            </Group>
            <Group grow>
              <Select
                label="Mode"
                data={[
                  { value: "CASCADE", label: "Cascade" },
                  { value: "SPEECH_TO_SPEECH", label: "Speech to speech" },
                ]}
                value={mode}
                onChange={(v) => v && setMode(v)}
                readOnly={readOnly}
                allowDeselect={false}
              />
              <NumberInput
                label="Most skills loaded at once"
                min={1}
                max={10}
                value={maxLoaded}
                onChange={(v) => setMaxLoaded(Number(v) || 3)}
                readOnly={readOnly}
                error={fieldError("maxLoadedSkills") ?? fieldError("max_loaded_skills")}
              />
            </Group>
            <Textarea
              label="Prompt"
              value={prompt}
              onChange={(e) => setPrompt(e.currentTarget.value)}
              autosize
              minRows={6}
              readOnly={readOnly}
              error={fieldError("prompt")}
            />
            <ToolsEditor tools={tools} onChange={setTools} problems={problems} readOnly={readOnly} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SkillEntries entries={skills} onChange={setSkills} problems={problems} readOnly={readOnly} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
