import { useLazyQuery, useMutation } from "@apollo/client/react";
import { Button, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { SHORTCUTS, usePageShortcuts } from "../../shared/shortcuts";
import type { PreviewFieldsFragment } from "../../gql/graphql";
import { GatePanel } from "../evals/gate-panel";
import { PreviewReview } from "../review/findings-panel";
import { useContentReview } from "../review/use-content-review";
import { StartRolloutForm } from "../rollouts/start-rollout-form";
import { useSession } from "../session/session-context";
import { ImpactDialog } from "./impact-dialog";
import { PUBLISH_PREVIEW, PUBLISH_SKILL_VERSION, ROLLBACK_PREVIEW, ROLLBACK_SKILL } from "./skill-documents";
import { OK_COLOR, PIN_COLOR } from "../../shared/format";

interface Props {
  kind: "publish" | "rollback";
  versionId: string;
  name: string;
  label?: string;
  disabled?: boolean;
  onDone?(): void;
  /** Ctrl/Cmd-Enter opens the preview too (one publish button per page). */
  shortcut?: boolean;
  /** Runs before the preview opens (the editor saves what was typed since); false keeps it closed. */
  prepare?(): Promise<boolean>;
  /**
   * AP-1, CR-3: why the policy does not let it go live yet ("Needs 2 approvals, has 1"; the content review's
   * findings): disabled, the reason beside it.
   */
  blocked?: ReactNode;
}

/** Opens the impact preview (UX-3) and publishes or rolls back only after the author confirms. */
export function PublishButton(props: Props) {
  const { kind, versionId, name, label, onDone, shortcut, prepare } = props;
  // CR-3: a version the content review blocks cannot go live by any path; the button says so wherever it is
  const content = useContentReview(kind === "publish" ? versionId : null);
  const reviewBlocked = kind === "publish" && content.review?.status === "blocked";
  const blocked: ReactNode =
    props.blocked ??
    (reviewBlocked ? (
      <>
        Blocked by the content review. <Link to={`/skills/v/${versionId}`}>See the findings</Link>
      </>
    ) : null);
  const disabled = props.disabled || !!blocked || reviewBlocked;
  const { session } = useSession();
  const [opened, setOpened] = useState(false);
  // RO-1: the same preview, then a staged rollout instead of the publish
  const [rollingOut, setRollingOut] = useState(false);
  const [loadPublish, publishPreview] = useLazyQuery(PUBLISH_PREVIEW, { fetchPolicy: "network-only" });
  const [loadRollback, rollbackPreview] = useLazyQuery(ROLLBACK_PREVIEW, { fetchPolicy: "network-only" });
  const [publish, published] = useMutation(PUBLISH_SKILL_VERSION, { refetchQueries: "active" });
  const [rollback, rolledBack] = useMutation(ROLLBACK_SKILL, { refetchQueries: "active" });
  const current = kind === "publish" ? publishPreview : rollbackPreview;
  const preview: PreviewFieldsFragment | null =
    (kind === "publish" ? publishPreview.data?.publishPreview : rollbackPreview.data?.rollbackPreview) ?? null;
  const mutation = kind === "publish" ? published : rolledBack;

  async function open() {
    if (prepare && !(await prepare())) return;
    setOpened(true);
    setRollingOut(false);
    mutation.reset();
    if (kind === "publish") void loadPublish({ variables: { versionId } }).catch(() => undefined);
    else void loadRollback({ variables: { name, toVersionId: versionId } }).catch(() => undefined);
  }

  // With `prepare`, a press while the button waits for a check is fine: prepare settles the draft first.
  usePageShortcuts(shortcut ? { publish: () => void ((!disabled || (prepare && !blocked)) && !opened && open()) } : {});

  async function confirm() {
    try {
      if (kind === "publish") await publish({ variables: { id: versionId } });
      else await rollback({ variables: { name, toVersionId: versionId } });
      setOpened(false);
      onDone?.();
    } catch {
      // shown in the dialog through mutation.error
    }
  }

  return (
    <>
      {blocked ? (
        <Text size="xs" c="dimmed" maw={260} id={`publish-blocked-${versionId}`} data-testid="publish-blocked">
          {blocked}
        </Text>
      ) : null}
      <Button
        aria-describedby={blocked ? `publish-blocked-${versionId}` : undefined}
        onClick={() => void open()}
        disabled={disabled}
        title={shortcut ? "Ctrl/Cmd-Enter" : undefined}
        aria-keyshortcuts={shortcut ? SHORTCUTS.publish.aria : undefined}
        color={kind === "publish" ? OK_COLOR : PIN_COLOR}
        variant={kind === "publish" ? "filled" : "light"}
        size={kind === "publish" ? "sm" : "xs"}
      >
        {label ?? (kind === "publish" ? "Publish…" : "Roll back to this…")}
      </Button>
      <ImpactDialog
        opened={opened}
        kind={kind}
        preview={preview}
        loading={current.loading}
        error={current.error}
        confirming={mutation.loading}
        confirmError={mutation.error}
        projectId={session?.project?.id ?? null}
        onConfirm={() => void confirm()}
        confirmBlocked={reviewBlocked}
        onClose={() => setOpened(false)}
        evaluation={
          kind === "publish" && opened ? (
            <>
              <PreviewReview versionId={versionId} />
              <GatePanel versionId={versionId} skillName={name} />
            </>
          ) : null
        }
        onRollout={kind === "publish" ? () => setRollingOut(true) : undefined}
        rollout={
          rollingOut ? <StartRolloutForm versionId={versionId} onBack={() => setRollingOut(false)} /> : undefined
        }
      />
    </>
  );
}
