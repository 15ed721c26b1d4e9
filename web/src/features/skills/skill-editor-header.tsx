import { useMutation } from "@apollo/client/react";
import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { SkillVersionFullQuery } from "../../gql/graphql";
import { useHeaderWrap } from "../../shared/responsive";
import { ConfirmButton } from "../../shared/confirm-button";
import { authorOf, stateColor, when } from "../../shared/format";
import { SHORTCUTS, ShortcutHint } from "../../shared/shortcuts";
import { ExportZipButton, ImportZipButton, type useZipImport } from "./bundle-buttons";
import { RevokeButton } from "../revocation/revoke-button";
import { PublishButton } from "./publish-button";
import { DELETE_SKILL_VERSION } from "./skill-documents";

type Version = NonNullable<SkillVersionFullQuery["skillVersion"]>;

interface Props {
  version: Version | null;
  title: string;
  status: string;
  statusFailed: boolean;
  editable: boolean;
  canWrite: boolean;
  zip: ReturnType<typeof useZipImport>;
  onSave(): void;
  publishDisabled: boolean;
  /** AP-1, CR-3: why the publish policy keeps it from going live, if it does. */
  publishBlocked: ReactNode;
  prepare(): Promise<boolean>;
  onNewDraft(): void;
}

/**
 * The editor's header: what this is and its save status, then the actions on it (new draft, delete, save, publish),
 * and on a second line who made it and the bundle's history, export and import.
 */
export function SkillEditorHeader(props: Props) {
  const { version, editable, canWrite, zip } = props;
  const navigate = useNavigate();
  const [deleteVersion] = useMutation(DELETE_SKILL_VERSION, { refetchQueries: "active" });
  const wrap = useHeaderWrap();
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap={wrap} align="flex-start">
        <Group gap="sm" style={{ minWidth: 0 }}>
          <Title order={1} size="h3" style={{ wordBreak: "break-word" }}>
            {props.title}
          </Title>
          {version ? <Badge color={stateColor(version.state)}>{version.state.toLowerCase()}</Badge> : null}
          {version?.revoked ? <Badge color="red">revoked</Badge> : null}
          <Text size="sm" c={props.statusFailed ? "red.9" : "dimmed"} role="status" data-testid="draft-status">
            {props.status}
          </Text>
        </Group>
        <Group gap="xs" wrap={wrap}>
          {canWrite && version && version.state !== "DRAFT" ? (
            <Button variant="light" size="sm" onClick={props.onNewDraft}>
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
                // confirmed: what was typed is meant to go
                await navigate(`/skills?name=${encodeURIComponent(version.name)}`, { state: { saved: true } });
              }}
            >
              Delete draft
            </ConfirmButton>
          ) : null}
          {editable ? (
            <Button
              size="sm"
              variant="default"
              onClick={props.onSave}
              title="Ctrl/Cmd-S"
              aria-keyshortcuts={SHORTCUTS.save.aria}
            >
              Save draft
            </Button>
          ) : null}
          {version ? <RevokeButton version={version} /> : null}
          {editable && version ? (
            <PublishButton
              kind="publish"
              versionId={version.id}
              name={version.name}
              disabled={props.publishDisabled}
              blocked={props.publishBlocked}
              shortcut
              prepare={props.prepare}
            />
          ) : null}
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" wrap={wrap}>
        <Text size="xs" c="dimmed">
          {version
            ? `Created by ${authorOf(version)} · ${when(version.createdAt)} · updated ${when(version.updatedAt)}` +
              (version.publishedAt ? ` · published ${when(version.publishedAt)}` : "")
            : "Saved as a draft at every pause in typing; nothing is live until you publish."}
        </Text>
        {/* The buttons keep their width (their labels were clipped); the line beside them wraps instead, and on a
            narrow screen the buttons wrap within the page's width. */}
        <Group gap="xs" wrap={wrap} style={wrap === "wrap" ? { maxWidth: "100%" } : { flexShrink: 0 }}>
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
          {version ? (
            <Button
              component={Link}
              to={`/skills/${encodeURIComponent(version.name)}/history`}
              variant="default"
              size="xs"
            >
              History
            </Button>
          ) : null}
          {version ? (
            <Button
              component={Link}
              to={`/skills/${encodeURIComponent(version.name)}/rollouts`}
              variant="default"
              size="xs"
            >
              Rollouts
            </Button>
          ) : null}
          {version ? <ExportZipButton versionId={version.id} name={version.name} size="xs" /> : null}
          {canWrite ? (
            <ImportZipButton onPick={(f) => void zip.importZip(f)} loading={zip.importing} size="xs" />
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}
