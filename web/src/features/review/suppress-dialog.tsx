import { useMutation } from "@apollo/client/react";
import { Button, Code, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import type { ContentReviewFieldsFragment } from "../../gql/graphql";
import { ErrorNotice } from "../../shared/states";
import { SUPPRESS_FINDING } from "./review-documents";

type Finding = ContentReviewFieldsFragment["findings"][number];

/** CR-3 (admin): accept one finding with a reason, bound to the digest on screen; an edit drops it. */
export function SuppressDialog(props: { versionId: string; digest: string; finding: Finding | null; onClose(): void }) {
  const { finding } = props;
  const [reason, setReason] = useState("");
  const [suppress, suppressing] = useMutation(SUPPRESS_FINDING, { refetchQueries: "active" });
  async function submit() {
    if (!finding) return;
    try {
      await suppress({
        variables: { versionId: props.versionId, findingId: finding.id, digest: props.digest, reason: reason.trim() },
      });
      setReason("");
      props.onClose();
    } catch {
      // shown below through suppressing.error
    }
  }
  return (
    <Modal
      opened={finding !== null}
      onClose={props.onClose}
      title="Suppress this finding?"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {finding ? (
        <Stack gap="sm">
          <Text size="sm">
            <b>{finding.rule}</b> ({finding.severity.toLowerCase()}) in <Code>{finding.path}</Code>
            {finding.line ? ` line ${finding.line}` : ""}
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
            {finding.excerpt}
          </Code>
          <Text size="sm" c="dimmed">
            The suppression is recorded in the audit log, shown beside the finding, and holds for this content only: an
            edit of the draft drops it.
          </Text>
          <Textarea
            label="Reason"
            description="Why this finding is acceptable, for the next reviewer"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <ErrorNotice error={suppressing.error} title="The finding was not suppressed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={reason.trim() === ""}
              loading={suppressing.loading}
              onClick={() => void submit()}
            >
              Suppress
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
