import { useMutation, useQuery } from "@apollo/client/react";
import { RevokedPins } from "./revoked-pins";
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ConfirmButton } from "../../shared/confirm-button";
import { authorOf, stateColor, WARN_COLOR, when } from "../../shared/format";
import { LeaveGuard } from "../../shared/leave-guard";
import { QueryState } from "../../shared/query-state";
import { useHeaderWrap } from "../../shared/responsive";
import { SHORTCUTS, ShortcutHint, usePageShortcuts } from "../../shared/shortcuts";
import { ErrorNotice, NotFound } from "../../shared/states";
import { useCanWrite } from "../sign-in/session-context";
import { KNOWLEDGE_BASES } from "../skills/skill-documents";
import { ToolsEditor } from "../skills/tools-editor";
import { AgentUsagePanel } from "../usage/usage-panels";
import { AGENT_VERSION, DELETE_AGENT, PUBLISH_AGENT } from "./agent-documents";
import { AgentPublishButton } from "./agent-publish-button";
import { ApprovalsPanel, useReview } from "../approvals/approvals-panel";
import { CatalogPanel } from "./catalog-panel";
import { SkillEntries } from "./skill-entries";
import { useAgentDraft, type AgentVersion } from "./use-agent-draft";

export default function AgentEditorPage() {
  const { id } = useParams();
  const query = useQuery(AGENT_VERSION, { variables: { id: id ?? "" }, skip: !id });
  if (!id) return <AgentForm key="new" version={null} />;
  return (
    <QueryState
      query={query}
      errorTitle="The agent could not be read"
      loadingLabel="Opening the agent…"
      isEmpty={(d) => !d.agentVersion}
      notFound={
        <NotFound back={{ to: "/agents", label: "Back to agents" }}>
          No agent version has id {id} in this project.
        </NotFound>
      }
    >
      {(d) => <AgentForm key={id} version={d.agentVersion ?? null} />}
    </QueryState>
  );
}

function AgentForm({ version }: { version: AgentVersion | null }) {
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const draft = useAgentDraft(version);
  const { values, edit, fieldError } = draft;
  const [publish, published] = useMutation(PUBLISH_AGENT, { refetchQueries: "active" });
  const [deleteAgent] = useMutation(DELETE_AGENT, { refetchQueries: "active" });
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "graph" && version ? "graph" : "settings";
  const kbs = useQuery(KNOWLEDGE_BASES);

  async function submit() {
    const id = await draft.save();
    if (id) await navigate(`/agents/v/${id}`, { state: { saved: true } });
  }
  const readOnly = !canWrite;
  const canPublish = canWrite && version?.state === "DRAFT";
  const review = useReview("agent", version?.id ?? null);
  const headerWrap = useHeaderWrap();
  // a publish takes the stored draft: with changes in the form it would publish something else than is shown
  const publishBlock = draft.dirty ? "Save the changes first: a publish takes the saved draft." : review.publishBlock;
  const publishNow = () => {
    if (version && !published.loading && !publishBlock)
      void publish({ variables: { id: version.id } }).catch(() => undefined);
  };
  usePageShortcuts({
    save: canWrite && !draft.saving ? () => void submit() : undefined,
    publish: canPublish ? publishNow : undefined,
  });
  const settings = (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label="Name"
              value={values.name}
              onChange={(e) => edit({ name: e.currentTarget.value })}
              required
              readOnly={readOnly}
              error={fieldError("name")}
            />
            <TextInput
              label="Alias"
              value={values.alias}
              onChange={(e) => edit({ alias: e.currentTarget.value })}
              readOnly={readOnly}
              error={fieldError("alias")}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Mode"
              data={[
                { value: "CASCADE", label: "Cascade" },
                { value: "SPEECH_TO_SPEECH", label: "Speech to speech" },
              ]}
              value={values.mode}
              onChange={(v) => v && edit({ mode: v as AgentVersion["mode"] })}
              readOnly={readOnly}
              allowDeselect={false}
            />
            <NumberInput
              label="Most skills loaded at once"
              min={1}
              max={10}
              value={values.maxLoadedSkills}
              onChange={(v) => edit({ maxLoadedSkills: Number(v) || 3 })}
              readOnly={readOnly}
              error={fieldError("max_loaded_skills")}
            />
          </Group>
          <Textarea
            label="Prompt"
            value={values.prompt}
            onChange={(e) => edit({ prompt: e.currentTarget.value })}
            autosize
            minRows={6}
            maxRows={18}
            readOnly={readOnly}
            error={fieldError("prompt")}
          />
          <MultiSelect
            label="Knowledge bases"
            description="The agent's own, searched first by query_knowledge."
            data={(kbs.data?.knowledgeBases ?? []).map((k) => ({ value: k.id, label: k.name }))}
            value={values.knowledgeBaseIds}
            onChange={(knowledgeBaseIds) => edit({ knowledgeBaseIds })}
            readOnly={readOnly}
            placeholder={values.knowledgeBaseIds.length ? undefined : "None"}
            error={fieldError("knowledge_base_ids")}
          />
          <ToolsEditor
            tools={values.tools}
            onChange={(tools) => edit({ tools })}
            problems={draft.problems}
            readOnly={readOnly}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <CatalogPanel version={version} draft={draft} readOnly={readOnly} />
          <SkillEntries
            entries={values.skills}
            onChange={(skills) => edit({ skills })}
            problems={draft.problems}
            readOnly={readOnly}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
  return (
    <Stack>
      <LeaveGuard when={canWrite && draft.dirty} what="The form has changes that are not saved as a draft." />
      <Group justify="space-between" wrap={headerWrap} align="flex-start">
        <Group gap="sm" style={{ minWidth: 0 }}>
          <Title order={1} size="h3" style={{ wordBreak: "break-word" }}>
            {version ? `${version.name} · version ${version.version}` : "New agent"}
          </Title>
          {version ? <Badge color={stateColor(version.state)}>{version.state.toLowerCase()}</Badge> : null}
        </Group>
        <Group gap="xs" wrap={headerWrap}>
          {version ? (
            <Button component={Link} to={`/agents/${version.agentId}/try`} variant="default">
              Try it
            </Button>
          ) : null}
          {canWrite ? (
            <Button
              onClick={() => void submit()}
              loading={draft.saving}
              title="Ctrl/Cmd-S"
              aria-keyshortcuts={SHORTCUTS.save.aria}
              variant={version?.state === "DRAFT" ? "default" : "filled"}
            >
              {version ? "Save as new draft" : "Create agent"}
            </Button>
          ) : null}
          {canWrite && version ? (
            <ConfirmButton
              size="sm"
              variant="subtle"
              label={`Delete agent ${version.name}`}
              confirm={`Delete ${version.name} and every version of it? Its calls stay readable; new calls are refused.`}
              confirmLabel="Delete agent"
              failure="The agent was not deleted"
              onConfirm={async () => {
                await deleteAgent({ variables: { agentId: version.agentId } });
                await navigate("/agents", { state: { saved: true } });
              }}
            >
              Delete agent
            </ConfirmButton>
          ) : null}
          {canPublish ? (
            <AgentPublishButton loading={published.loading} onPublish={publishNow} blocked={publishBlock} />
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
        <Alert color={WARN_COLOR} title="Warnings">
          {version.warnings.join(" ")}
        </Alert>
      ) : null}
      {version ? <RevokedPins usage={version.skillUsage} /> : null}
      {version ? <ApprovalsPanel kind="agent" versionId={version.id} /> : null}
      <ErrorNotice error={draft.error} title="The agent was not saved" />
      <ErrorNotice error={published.error} title="The agent was not published" />
      {version ? (
        <Tabs value={tab} onChange={(t) => setParams(t === "graph" ? { tab: t } : {}, { replace: true })} keepMounted>
          <Tabs.List>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
            <Tabs.Tab value="graph">Skills graph</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="settings" pt="sm">
            {settings}
          </Tabs.Panel>
          <Tabs.Panel value="graph" pt="sm">
            {tab === "graph" ? <AgentUsagePanel agentVersionId={version.id} /> : null}
          </Tabs.Panel>
        </Tabs>
      ) : (
        settings
      )}
    </Stack>
  );
}
