import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Group, List, Modal, Radio, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { naturalCompare } from "../../shared/natural-order";
import { ErrorNotice, Loading } from "../../shared/states";
import { REVOKE_CONTEXT, REVOKE_SKILL_VERSION } from "./revocation-documents";

/** Rendered only while open: it reads who loses the version as it mounts. */
interface Props {
  onClose(): void;
  version: { id: string; name: string; version: number; state: string };
  /** The signed-in project: its agents are named, a linked project's are counted. */
  projectId: string | null;
}

type Choice = "rollback" | "none";

/**
 * PV-3: revoking a version, with its consequences first: every agent version that would lose it (those pinned to it,
 * and — when it is live — those following the live version unless another version goes live in its place), the
 * reason, and for the live version the choice between rolling back and leaving the skill without a live version.
 */
export function RevokeDialog({ onClose, version, projectId }: Props) {
  const context = useQuery(REVOKE_CONTEXT, {
    variables: { id: version.id, name: version.name },
    fetchPolicy: "network-only",
  });
  const [revoke, revoking] = useMutation(REVOKE_SKILL_VERSION, { refetchQueries: "active" });
  const [reason, setReason] = useState("");
  const [choice, setChoice] = useState<Choice>("rollback");
  const [rollbackTo, setRollbackTo] = useState<string | null>(null);
  const live = version.state === "PUBLISHED";
  const candidates = (context.data?.skills.items ?? [])
    .filter((v) => !v.revoked && v.id !== version.id)
    .sort((a, b) => b.version - a.version);
  const target = choice === "rollback" ? (rollbackTo ?? candidates[0]?.id ?? null) : null;
  const targetVersion = candidates.find((v) => v.id === target)?.version;
  const usage = [...(context.data?.skillVersion?.usage ?? [])].sort(
    (a, b) => naturalCompare(a.agentName, b.agentName) || b.agentVersion - a.agentVersion,
  );
  // the skill's usage rows: those pinned to this version lose it, and those following the live one when it is live
  const pinned = usage.filter((u) => u.pinned && u.resolvesTo?.id === version.id);
  const following = live ? usage.filter((u) => !u.pinned) : [];
  const agentLine = (u: (typeof usage)[number]) =>
    `${u.projectId === projectId ? "" : "(linked project) "}${u.agentName} version ${u.agentVersion} · ${u.agentState.toLowerCase()}`;

  async function confirm() {
    try {
      await revoke({ variables: { id: version.id, reason: reason.trim(), rollbackTo: live ? target : null } });
      onClose();
    } catch {
      // shown below through revoking.error
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      closeButtonProps={{ "aria-label": "Close" }}
      title={`Revoke ${version.name} version ${version.version}?`}
    >
      <Stack gap="md" data-testid="revoke-dialog">
        <Text size="sm">
          A revoked version is never served again — not to calls, chat sessions, the gateway, evals, MCP, the Skills
          API, the discovery index or <code>skillgraph pull</code> — on every instance within seconds. It can never be
          published, rolled back to or rolled out again, and a revocation cannot be undone.
        </Text>
        {context.loading ? <Loading label="Working out who loses this version…" /> : null}
        <ErrorNotice error={context.error} title="Who uses this version could not be read" />
        {context.data ? (
          <section aria-label="Who loses this version">
            <Title order={3} size="h5" mb={4}>
              Who loses it
            </Title>
            {pinned.length === 0 && following.length === 0 ? (
              <Text size="sm" c="dimmed">
                No agent uses this version.
              </Text>
            ) : null}
            {pinned.length > 0 ? (
              <>
                <Text size="sm" fw={600}>
                  Pinned to it: their calls start without {version.name}, with a warning
                </Text>
                <List size="sm" aria-label="Pinned to this version">
                  {pinned.map((u) => (
                    <List.Item key={u.agentVersionId}>{agentLine(u)}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
            {following.length > 0 ? (
              <>
                <Text size="sm" fw={600} mt={4}>
                  {live && target
                    ? `Following the live version: they get version ${targetVersion} instead`
                    : `Following the live version: their calls start without ${version.name}`}
                </Text>
                <List size="sm" aria-label="Following the live version">
                  {following.map((u) => (
                    <List.Item key={u.agentVersionId}>{agentLine(u)}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </section>
        ) : null}
        {live && context.data ? (
          <Radio.Group
            label="This is the live version. What goes live instead?"
            value={candidates.length === 0 ? "none" : choice}
            onChange={(v) => setChoice(v as Choice)}
          >
            <Stack gap={6} mt={6}>
              <Radio value="rollback" label="Roll back to an earlier version" disabled={candidates.length === 0} />
              {choice === "rollback" && candidates.length > 0 ? (
                <Select
                  label="Version to make live"
                  data={candidates.map((v) => ({ value: v.id, label: `version ${v.version}` }))}
                  value={target}
                  onChange={setRollbackTo}
                  allowDeselect={false}
                  maw={240}
                />
              ) : null}
              <Radio value="none" label={`Leave ${version.name} without a live version`} />
            </Stack>
          </Radio.Group>
        ) : null}
        {live && context.data && (choice === "none" || candidates.length === 0) ? (
          <Alert color="red" variant="light" title={`${version.name} will have no live version`}>
            Nothing will be live for {version.name} until someone publishes a new version: every agent following it
            starts without it.
          </Alert>
        ) : null}
        <Textarea
          label="Reason"
          description="Kept with the version, in the audit log, the version.revoked webhook and revocations.json."
          required
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <ErrorNotice error={revoking.error} title="The version was not revoked" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => void confirm()}
            loading={revoking.loading}
            disabled={!context.data || reason.trim().length === 0}
          >
            Revoke version {version.version}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
