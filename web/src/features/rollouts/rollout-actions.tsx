import { useMutation } from "@apollo/client/react";
import { Alert, Button, Group, Popover, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { RolloutFieldsFragment } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { errorInfo } from "../../shared/errors";
import { FAILED_COLOR, MUTED_COLOR, OK_COLOR, PIN_COLOR } from "../../shared/format";
import { ABORT_ROLLOUT, ADVANCE_ROLLOUT, CHECK_ROLLOUT, PAUSE_ROLLOUT, RESUME_ROLLOUT } from "./rollout-documents";

/** RO-5 by hand: advance (onto 100 it publishes), pause or resume, check the guards now, abort with a reason. */
export function RolloutActions({ rollout }: { rollout: RolloutFieldsFragment }) {
  const variables = { id: rollout.id };
  const [advance] = useMutation(ADVANCE_ROLLOUT, { variables });
  const [pause] = useMutation(PAUSE_ROLLOUT, { variables });
  const [resume] = useMutation(RESUME_ROLLOUT, { variables });
  const [check] = useMutation(CHECK_ROLLOUT, { variables });
  const next = rollout.steps[rollout.stepIndex + 1];
  const publishes = next === 100;
  return (
    <Group gap="xs">
      {next !== undefined ? (
        <ConfirmButton
          size="sm"
          variant="filled"
          color={publishes ? OK_COLOR : PIN_COLOR}
          confirm={
            publishes
              ? `Publish version ${rollout.candidate.version} of ${rollout.skill} to every call now? This completes the rollout.`
              : `Give version ${rollout.candidate.version} ${next} % of calls now, without waiting for this step to end?`
          }
          confirmLabel={publishes ? "Publish to everyone" : `Advance to ${next} %`}
          failure="The rollout did not advance"
          onConfirm={() => advance()}
        >
          {publishes ? "Complete (publish)…" : `Advance to ${next} %…`}
        </ConfirmButton>
      ) : null}
      {rollout.status === "running" ? (
        <ConfirmButton
          size="sm"
          variant="default"
          color={MUTED_COLOR}
          confirm="Stay at this step until resumed? Guards keep watching."
          confirmLabel="Pause"
          failure="The rollout was not paused"
          onConfirm={() => pause()}
        >
          Pause…
        </ConfirmButton>
      ) : (
        <ConfirmButton
          size="sm"
          variant="default"
          color={MUTED_COLOR}
          confirm="Resume? This step's time starts again."
          confirmLabel="Resume"
          failure="The rollout was not resumed"
          onConfirm={() => resume()}
        >
          Resume…
        </ConfirmButton>
      )}
      <ConfirmButton
        size="sm"
        variant="default"
        color={MUTED_COLOR}
        failure="The check failed"
        onConfirm={() => check()}
      >
        Check guards now
      </ConfirmButton>
      <AbortButton rollout={rollout} />
    </Group>
  );
}

/** Abort asks why (the reason goes to the audit log and the webhook) and confirms. */
function AbortButton({ rollout }: { rollout: RolloutFieldsFragment }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState("");
  const [abort, aborted] = useMutation(ABORT_ROLLOUT);
  const info = errorInfo(aborted.error);
  async function run() {
    try {
      await abort({ variables: { id: rollout.id, reason: reason.trim() } });
      setOpened(false);
    } catch {
      // shown below through aborted.error
    }
  }
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      withArrow
      shadow="md"
      width={340}
      position="bottom-end"
    >
      <Popover.Target>
        <Button size="sm" variant="light" color={FAILED_COLOR} onClick={() => setOpened((o) => !o)}>
          Abort…
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Abort the rollout">
        <Stack gap="xs">
          <Text size="sm">
            Roll back now? No new call gets version {rollout.candidate.version}; version {rollout.live.version} stays
            live and version {rollout.candidate.version} becomes a draft again.
          </Text>
          <TextInput
            label="Reason"
            placeholder="e.g. customers report wrong refunds"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={info?.details.field === "reason" ? info.message : undefined}
            data-autofocus
          />
          {info && info.details.field !== "reason" ? (
            <Alert color="red" variant="light" title="The rollout was not aborted" role="alert" p="xs">
              <Text size="sm">{info.message}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              size="xs"
              color={FAILED_COLOR}
              disabled={reason.trim() === ""}
              loading={aborted.loading}
              onClick={() => void run()}
            >
              Abort rollout
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
