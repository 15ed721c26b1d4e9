import { Alert, Badge, Button, Group, List, Modal, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { PreviewFieldsFragment } from "../../gql/graphql";
import { naturalCompare } from "../../shared/natural-order";
import { ErrorNotice, Loading } from "../../shared/states";
import { FAILED_COLOR, MUTED_COLOR, OK_COLOR, PIN_COLOR } from "../../shared/format";

interface Props {
  opened: boolean;
  kind: "publish" | "rollback";
  preview: PreviewFieldsFragment | null;
  loading: boolean;
  error: unknown;
  confirming: boolean;
  confirmError: unknown;
  /** The signed-in project, named "this project" in the groups. */
  projectId: string | null;
  onConfirm(): void;
  onClose(): void;
  /** The publish gate's evaluation (features/evals), shown under the preview. */
  evaluation?: ReactNode;
  /** RO-1: "Start rollout…" beside "Publish now" (a publish of a skill that has a live version). */
  onRollout?(): void;
  /** The rollout's form (features/rollouts), in place of the publish buttons once chosen. */
  rollout?: ReactNode;
  /** CR-3: the content review blocks the version (the evaluation says why): publishing and rolling out are off. */
  confirmBlocked?: boolean;
}

type Usage = PreviewFieldsFragment["reaches"][number];

function byProject<T extends { projectId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const r of rows) groups.set(r.projectId, [...(groups.get(r.projectId) ?? []), r]);
  return groups;
}

function AgentList({ rows, label }: { rows: Usage[]; label: string }) {
  return (
    <List size="sm" aria-label={label}>
      {[...rows]
        .sort((a, b) => naturalCompare(a.agentName, b.agentName) || b.agentVersion - a.agentVersion)
        .map((u) => (
          <List.Item key={u.agentVersionId}>
            {u.agentName}{" "}
            <Text span c="dimmed" size="sm">
              version {u.agentVersion} · {u.agentState.toLowerCase()}
            </Text>
          </List.Item>
        ))}
    </List>
  );
}

/** UX-3: who the change reaches, who stays pinned and which tools would be skipped (AG-5) — then confirm. */
export function ImpactDialog(props: Props) {
  const { preview, kind, projectId } = props;
  const verb = props.rollout ? "Roll out" : kind === "publish" ? "Publish" : "Roll back";
  const projectName = (id: string) => (id === projectId ? "This project" : `Linked project ${id.slice(0, 8)}`);
  const reaches = byProject(preview?.reaches ?? []);
  const pinned = byProject(preview?.pinned ?? []);
  const projects = [...new Set([...reaches.keys(), ...pinned.keys()])];
  return (
    <Modal
      closeButtonProps={{ "aria-label": "Close" }}
      opened={props.opened}
      onClose={props.onClose}
      size="lg"
      title={preview ? `${verb} ${preview.version.name} version ${preview.version.version}?` : `${verb}?`}
    >
      {props.loading ? <Loading label="Working out who this reaches…" /> : null}
      <ErrorNotice error={props.error} title="This change would be refused" />
      {preview ? (
        <Stack gap="md" data-testid="impact-preview">
          <Text size="sm">
            Live now: {preview.live ? `version ${preview.live.version}` : "no version"} → after: version{" "}
            {preview.version.version}.
          </Text>
          <Group gap="xs">
            <Badge color={PIN_COLOR} size="lg" variant="light" data-testid="reaches-count">
              Reaches {preview.reaches.length} agent version{preview.reaches.length === 1 ? "" : "s"}
            </Badge>
            <Badge color={MUTED_COLOR} size="lg" variant="light" data-testid="pinned-count">
              {preview.pinned.length} stay pinned
            </Badge>
            {preview.toolCollisions.length > 0 ? (
              <Badge color={FAILED_COLOR} size="lg" variant="light">
                {preview.toolCollisions.length} tool collision{preview.toolCollisions.length === 1 ? "" : "s"}
              </Badge>
            ) : null}
          </Group>
          {projects.length === 0 ? (
            <Text size="sm" c="dimmed">
              No agent lists this skill: the change reaches nobody yet.
            </Text>
          ) : null}
          {projects.map((id) => (
            <section key={id} aria-label={projectName(id)}>
              <Title order={3} size="h5" mb={4}>
                {projectName(id)}
              </Title>
              {reaches.get(id)?.length ? (
                <>
                  <Text size="sm" fw={600}>
                    Reaches (follow the live version)
                  </Text>
                  <AgentList rows={reaches.get(id)!} label={`Reached in ${projectName(id)}`} />
                </>
              ) : null}
              {pinned.get(id)?.length ? (
                <>
                  <Text size="sm" fw={600} mt={4}>
                    Stay pinned (unchanged)
                  </Text>
                  <AgentList rows={pinned.get(id)!} label={`Pinned in ${projectName(id)}`} />
                </>
              ) : null}
            </section>
          ))}
          {preview.toolCollisions.length > 0 ? (
            <Alert color="red" variant="light" title="Tools these agents would skip (AG-5)">
              <List size="sm" aria-label="Tool collisions">
                {preview.toolCollisions.map((c) => (
                  <List.Item key={`${c.agentVersionId}-${c.tool}`}>
                    {c.agentName} version {c.agentVersion} already has a tool named <code>{c.tool}</code>: the skill's
                    tool is skipped in its calls.
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {props.evaluation}
        </Stack>
      ) : null}
      {props.rollout ?? (
        <>
          <ErrorNotice error={props.confirmError} title={`${verb} failed`} />
          {props.confirmBlocked ? (
            <Text size="sm" c="red.8" mt="md" id="impact-review-blocked" data-testid="impact-review-blocked">
              The content review blocks this version: {verb.toLowerCase()} is off until its findings are fixed or
              suppressed by an admin.
            </Text>
          ) : null}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            {props.onRollout && kind === "publish" && preview?.live ? (
              <Button variant="light" color={PIN_COLOR} onClick={props.onRollout} disabled={props.confirmBlocked}>
                Start rollout…
              </Button>
            ) : null}
            <Button
              onClick={props.onConfirm}
              disabled={!preview || props.confirmBlocked}
              aria-describedby={props.confirmBlocked ? "impact-review-blocked" : undefined}
              loading={props.confirming}
              color={kind === "publish" ? OK_COLOR : PIN_COLOR}
            >
              {verb} now
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
