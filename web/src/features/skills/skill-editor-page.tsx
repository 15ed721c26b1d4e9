import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Badge, Button, Grid, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useCallback, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import type { SkillVersionFullQuery } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { authorOf, stateColor, when, WARN_COLOR } from "../../shared/format";
import { SHORTCUTS, ShortcutHint, usePageShortcuts } from "../../shared/shortcuts";
import { ErrorNotice, Loading } from "../../shared/states";
import { useCanWrite } from "../session/session-context";
import { ExportZipButton, ImportZipButton, useZipImport } from "./bundle-buttons";
import { placeProblems } from "./problem-lines";
import { PublishButton } from "./publish-button";
import { emptyContent, toolRowsOf, type SkillContent } from "./skill-content";
import { DELETE_SKILL_VERSION, SKILL_VERSION } from "./skill-documents";
import { SkillMdEditor } from "./skill-md-editor";
import { SkillUsagePanel } from "../usage/usage-panels";
import { SkillContentPanels } from "./skill-content-panels";
import { useSkillDraft, type DraftStatus } from "./use-skill-draft";

type Version = NonNullable<SkillVersionFullQuery["skillVersion"]>;

function contentOf(v: Version): SkillContent {
  return {
    skillMd: v.skillMd,
    tools: toolRowsOf(v.tools),
    knowledgeBases: v.knowledgeBases.map((k) => ({ knowledgeBaseId: k.knowledgeBase.id, mode: k.mode })),
    files: v.files.map((f) => ({ path: f.path, contentBase64: f.contentBase64, size: f.size })),
  };
}

const STATUS_TEXT: Record<DraftStatus, string> = {
  idle: "",
  editing: "Editing…",
  checking: "Checking with the server…",
  saved: "Draft saved",
  invalid: "Not saved: fix the problems shown",
  failed: "Not saved",
};

export default function SkillEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(SKILL_VERSION, { variables: { id: id ?? "" }, skip: !id });
  // The version this editor created with its first save, under the editor's key then: moving to its address keeps
  // the same editor (its status, what was typed since, the cursor) instead of opening it afresh.
  const [created, setCreated] = useState<{ id: string; key: string } | null>(null);
  const newKey = `new:${location.key}`;
  const onCreated = useCallback(
    (newId: string) => {
      setCreated({ id: newId, key: newKey });
      void navigate(`/skills/v/${newId}`, { replace: true });
    },
    [navigate, newKey],
  );
  const keep = id !== undefined && created?.id === id;
  if (id && loading && !data && !keep) return <Loading label="Opening the skill…" />;
  if (error) return <ErrorNotice error={error} title="The skill version could not be read" />;
  if (id && !data?.skillVersion && !keep)
    return <ErrorNotice error={new Error(`No skill version has id ${id} in this project.`)} />;
  return (
    <Editor
      key={keep ? created.key : (id ?? newKey)}
      versionId={id ?? null}
      version={data?.skillVersion ?? null}
      onCreated={onCreated}
    />
  );
}

function Editor(props: { versionId: string | null; version: Version | null; onCreated(id: string): void }) {
  const { versionId, version, onCreated } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = useCanWrite();
  const editable = canWrite && (!version || version.state === "DRAFT");
  const initial = useMemo(
    () => (version ? contentOf(version) : ((location.state as { from?: SkillContent } | null)?.from ?? emptyContent())),
    [version, location.state],
  );
  const draft = useSkillDraft({ versionId, editable, initial, onCreated });
  const placed = useMemo(
    () => placeProblems(draft.content.skillMd, draft.problems),
    [draft.content.skillMd, draft.problems],
  );
  const title = version ? `${version.name} · version ${version.version}` : "New skill";
  const zip = useZipImport();
  const [deleteVersion] = useMutation(DELETE_SKILL_VERSION, { refetchQueries: "active" });
  usePageShortcuts({ save: editable ? () => void draft.save() : undefined });
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "used-by" ? "used-by" : "edit";
  const setTab = (next: string | null) => setParams(next ? { tab: next } : {}, { replace: true });
  const body = (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SkillMdEditor
          value={draft.content.skillMd}
          onChange={(skillMd) => draft.edit({ skillMd })}
          problems={placed.onLines}
          readOnly={!editable}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SkillContentPanels draft={draft} editable={editable} />
      </Grid.Col>
    </Grid>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          <Title order={1} size="h3">
            {title}
          </Title>
          {version ? <Badge color={stateColor(version.state)}>{version.state.toLowerCase()}</Badge> : null}
          <Text
            size="sm"
            c={draft.status === "invalid" || draft.status === "failed" ? "red.8" : "dimmed"}
            role="status"
            data-testid="draft-status"
          >
            {STATUS_TEXT[draft.status]}
          </Text>
        </Group>
        <Group gap="xs">
          {version ? (
            <Button
              component={Link}
              to={`/skills/${encodeURIComponent(version.name)}/history`}
              variant="default"
              size="sm"
            >
              History
            </Button>
          ) : null}
          {version ? <ExportZipButton versionId={version.id} name={version.name} /> : null}
          {canWrite ? <ImportZipButton onPick={(f) => void zip.importZip(f)} loading={zip.importing} /> : null}
          {canWrite && version && version.state !== "DRAFT" ? (
            <Button
              variant="light"
              size="sm"
              onClick={() => void navigate("/skills/new", { state: { from: contentOf(version) } })}
            >
              New draft from this version
            </Button>
          ) : null}
          {editable && version ? (
            <ConfirmButton
              size="sm"
              variant="subtle"
              label={`Delete draft version ${version.version}`}
              confirm={`Delete version ${version.version} of ${version.name}? A draft cannot be brought back.`}
              confirmLabel="Delete draft"
              failure="The draft was not deleted"
              onConfirm={async () => {
                await deleteVersion({ variables: { id: version.id } });
                await navigate(`/skills?name=${encodeURIComponent(version.name)}`);
              }}
            >
              Delete draft
            </ConfirmButton>
          ) : null}
          {editable ? (
            <Button
              size="sm"
              variant="default"
              onClick={() => void draft.save()}
              title="Ctrl/Cmd-S"
              aria-keyshortcuts={SHORTCUTS.save.aria}
            >
              Save draft
            </Button>
          ) : null}
          {editable && version ? (
            <PublishButton
              kind="publish"
              versionId={version.id}
              name={version.name}
              disabled={draft.status === "invalid" || draft.status === "checking"}
              shortcut
              prepare={draft.flush}
            />
          ) : null}
        </Group>
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {version
            ? `Created by ${authorOf(version)} · ${when(version.createdAt)} · updated ${when(version.updatedAt)}` +
              (version.publishedAt ? ` · published ${when(version.publishedAt)}` : "")
            : "Saved as a draft at every pause in typing; nothing is live until you publish."}
        </Text>
        {editable ? (
          <ShortcutHint
            items={
              version
                ? [
                    ["save", "save"],
                    ["publish", "publish…"],
                  ]
                : [["save", "save"]]
            }
          />
        ) : null}
      </Group>
      {version?.warnings.length ? (
        <Alert color={WARN_COLOR} variant="light" title="Warnings">
          {version.warnings.join(" ")}
        </Alert>
      ) : null}
      <ErrorNotice error={zip.error} title="The bundle was not imported" />
      {draft.failure ? <ErrorNotice error={new Error(draft.failure)} title="The draft could not be saved" /> : null}
      {placed.elsewhere.length > 0 ? (
        <Alert color="red" variant="light" title="Problems outside SKILL.md">
          {placed.elsewhere.map((p) => (
            <Text key={p.path + p.message} size="sm">
              <code>{p.path}</code>: {p.message}
            </Text>
          ))}
        </Alert>
      ) : null}
      {version ? (
        <Tabs value={tab} onChange={(t) => setTab(t === "used-by" ? "used-by" : null)} keepMounted>
          <Tabs.List>
            <Tabs.Tab value="edit">{editable ? "Edit" : "Content"}</Tabs.Tab>
            <Tabs.Tab value="used-by">Used by{version.usage ? ` (${version.usage.length})` : ""}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="edit" pt="sm">
            {body}
          </Tabs.Panel>
          <Tabs.Panel value="used-by" pt="sm">
            {tab === "used-by" ? <SkillUsagePanel name={version.name} /> : null}
          </Tabs.Panel>
        </Tabs>
      ) : (
        body
      )}
    </Stack>
  );
}
