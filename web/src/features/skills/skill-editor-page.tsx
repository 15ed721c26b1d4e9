import { useQuery } from "@apollo/client/react";
import { Alert, Grid, Stack, Tabs, Text } from "@mantine/core";
import { useCallback, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import type { SkillVersionFullQuery } from "../../gql/graphql";
import { WARN_COLOR } from "../../shared/format";
import { usePageShortcuts } from "../../shared/shortcuts";
import { LeaveGuard } from "../../shared/leave-guard";
import { ErrorNotice, Loading, NotFound } from "../../shared/states";
import { ActiveRolloutNotice } from "../rollouts/active-rollout";
import { useCanWrite } from "../sign-in/session-context";
import { RevokedNotice } from "../revocation/revoked-notice";
import { DiscoveryNotice } from "../revocation/discovery-notice";
import { SkillUsagePanel } from "../usage/usage-panels";
import { useZipImport } from "./bundle-buttons";
import { placeProblems } from "./problem-lines";
import { emptyContent, toolRowsOf, type SkillContent } from "./skill-content";
import { SkillContentPanels } from "./skill-content-panels";
import { SKILL_VERSION } from "./skill-documents";
import { ApprovalsPanel, useReview } from "../approvals/approvals-panel";
import { FindingsPanel } from "../review/findings-panel";
import { LiveReviewPanel } from "../review/live-review-panel";
import { ContentReviewBlock } from "../review/content-review-block";
import { useContentReview } from "../review/use-content-review";
import { useLiveReview } from "../review/use-live-review";
import { AttestationPanel } from "../provenance/attestation-panel";
import { SkillEditorHeader } from "./skill-editor-header";
import { SkillMdEditor } from "./skill-md-editor";
import { useSkillDraft, type DraftStatus } from "./use-skill-draft";

const SKILLS_LIST = { to: "/skills", label: "Back to skills" };

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
  // The versions this editor created (its first save's, and one made again under a new name), under the editor's
  // key then: moving to their address keeps the same editor (its status, what was typed since, the cursor) instead
  // of opening it afresh.
  const [created, setCreated] = useState<{ ids: string[]; key: string } | null>(null);
  const keep = id !== undefined && created !== null && created.ids.includes(id);
  const editorKey = keep ? created.key : (id ?? `new:${location.key}`);
  const shownKey = useRef(editorKey);
  shownKey.current = editorKey;
  const onCreated = useCallback(
    (newId: string) => {
      const key = shownKey.current;
      setCreated((prev) => ({ ids: prev?.key === key ? [...prev.ids, newId] : [newId], key }));
      void navigate(`/skills/v/${newId}`, { replace: true });
    },
    [navigate],
  );
  if (id && loading && !data && !keep) return <Loading label="Opening the skill…" />;
  if (error) return <ErrorNotice error={error} title="The skill version could not be read" />;
  if (id && !data?.skillVersion && !keep)
    return <NotFound back={SKILLS_LIST}>No skill version has id {id} in this project.</NotFound>;
  return <Editor key={editorKey} versionId={id ?? null} version={data?.skillVersion ?? null} onCreated={onCreated} />;
}

function Editor(props: { versionId: string | null; version: Version | null; onCreated(id: string): void }) {
  const { versionId, version, onCreated } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = useCanWrite();
  // PV-3: a revoked draft can never go live, so it is not edited either
  const editable = canWrite && (!version || (version.state === "DRAFT" && !version.revoked));
  const initial = useMemo(
    () => (version ? contentOf(version) : ((location.state as { from?: SkillContent } | null)?.from ?? emptyContent())),
    [version, location.state],
  );
  const draft = useSkillDraft({ versionId, editable, initial, onCreated });
  const review = useReview("skill", version?.id ?? null);
  // CR-4: what the editor holds is reviewed as it is typed; the saved version's review gates the publish (CR-3)
  const typed = useLiveReview(draft.content, editable);
  const stored = useContentReview(version?.id ?? null);
  // with nothing unsaved the editor holds the saved version: its own review (and suppressions) is the one to show
  const settled = draft.status === "idle" || draft.status === "saved";
  const live =
    settled && stored.review && !typed.pending ? { review: stored.review, pending: false, saved: true } : typed;
  const findingsRef = useRef<HTMLDivElement>(null);
  const placed = useMemo(
    () => placeProblems(draft.content.skillMd, draft.problems),
    [draft.content.skillMd, draft.problems],
  );
  const title = version ? `${version.name} · version ${version.version}` : "New skill";
  const zip = useZipImport();
  usePageShortcuts({ save: editable ? () => void draft.save() : undefined });
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "used-by" ? "used-by" : "edit";
  const setTab = (next: string | null) => setParams(next ? { tab: next } : {}, { replace: true });
  // CR-4: a finding's line opens in the editor
  const [focusLine, setFocusLine] = useState<{ line: number } | null>(null);
  const openLine = (path: string, line: number) => {
    if (path !== "SKILL.md") return;
    setTab(null);
    setFocusLine({ line });
  };
  const showFindings = () => {
    findingsRef.current?.scrollIntoView({ block: "center" });
    findingsRef.current?.querySelector<HTMLElement>("#review-title")?.focus();
  };
  const contentBlock =
    stored.review?.status === "blocked" ? (
      <ContentReviewBlock review={stored.review} onShowFindings={showFindings} />
    ) : null;
  const body = (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SkillMdEditor
          value={draft.content.skillMd}
          onChange={(skillMd) => draft.edit({ skillMd })}
          problems={placed.onLines}
          readOnly={!editable}
          focusLine={focusLine}
          findings={editable ? live.review?.findings.filter((f) => !f.suppressed) : undefined}
        />
        {editable ? <LiveReviewPanel live={live} onOpenLine={openLine} /> : null}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SkillContentPanels draft={draft} editable={editable} />
      </Grid.Col>
    </Grid>
  );

  const unsaved = editable && draft.status !== "idle" && draft.status !== "saved";
  return (
    <Stack gap="sm">
      <LeaveGuard
        when={unsaved}
        what="What you changed since the last save is not stored yet (or the server refused it)."
      />
      <SkillEditorHeader
        version={version}
        title={title}
        status={STATUS_TEXT[draft.status]}
        statusFailed={draft.status === "invalid" || draft.status === "failed"}
        editable={editable}
        canWrite={canWrite}
        zip={zip}
        onSave={() => void draft.save()}
        publishDisabled={draft.status === "invalid" || draft.status === "checking"}
        publishBlocked={contentBlock ?? review.publishBlock}
        prepare={draft.flush}
        onNewDraft={() => version && void navigate("/skills/new", { state: { from: contentOf(version) } })}
      />
      {version ? <RevokedNotice version={version} /> : null}
      {version ? <DiscoveryNotice version={version} /> : null}
      {version && version.state !== "DRAFT" ? (
        <AttestationPanel versionId={version.id} name={version.name} version={version.version} />
      ) : null}
      {version ? <ApprovalsPanel kind="skill" versionId={version.id} /> : null}
      {version ? (
        <div ref={findingsRef}>
          <FindingsPanel versionId={version.id} onOpenLine={openLine} />
        </div>
      ) : null}
      {version?.warnings.length ? (
        <Alert color={WARN_COLOR} variant="light" title="Warnings">
          {version.warnings.join(" ")}
        </Alert>
      ) : null}
      {version ? <ActiveRolloutNotice skill={version.name} /> : null}
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
      {/* One tree for a new draft and a saved one: the first save must not remount the editor (UX-1). */}
      <Tabs value={tab} onChange={(t) => setTab(t === "used-by" ? "used-by" : null)} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="edit">{editable ? "Edit" : "Content"}</Tabs.Tab>
          <Tabs.Tab value="used-by" disabled={!version}>
            Used by{version?.usage ? ` (${version.usage.length})` : ""}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="sm">
          {body}
        </Tabs.Panel>
        <Tabs.Panel value="used-by" pt="sm">
          {tab === "used-by" && version ? <SkillUsagePanel name={version.name} /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
