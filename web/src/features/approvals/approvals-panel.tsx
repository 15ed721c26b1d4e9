import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import type { ApprovalFieldsFragment } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { INFO_COLOR, MUTED_COLOR, OK_COLOR, when } from "../../shared/format";
import { ErrorNotice } from "../../shared/states";
import { AGENT_VERSION_REVIEW, APPROVE_VERSION, SKILL_VERSION_REVIEW, WITHDRAW_APPROVAL } from "./approval-documents";
import { DigestText } from "./digest-text";
import { publishBlock } from "./publish-block";
import { ReviewBadge } from "../review/review-badge";
import { useContentReview } from "../review/use-content-review";

export type ReviewedKind = "skill" | "agent";

export interface Review {
  digest: string;
  state: string;
  approvalRefusal: string | null;
  approvals: ApprovalFieldsFragment[];
  policy: { requiredApprovals: number; allowSelfApproval: boolean } | null;
  /** Why Publish is disabled under the policy ("Needs 2 approvals, has 1"); null when it is not. */
  publishBlock: string | null;
  loading: boolean;
  error: unknown;
}

/** AP-1..3: a skill or agent version's review state; one query shared (Apollo's cache) by the panel and Publish. */
export function useReview(kind: ReviewedKind, versionId: string | null): Review {
  const skill = useQuery(SKILL_VERSION_REVIEW, {
    variables: { id: versionId ?? "" },
    skip: kind !== "skill" || !versionId,
  });
  const agent = useQuery(AGENT_VERSION_REVIEW, {
    variables: { id: versionId ?? "" },
    skip: kind !== "agent" || !versionId,
  });
  const result = kind === "skill" ? skill : agent;
  const version = kind === "skill" ? skill.data?.skillVersion : agent.data?.agentVersion;
  const policy = result.data?.project.publishPolicy ?? null;
  const approvals = version?.approvals ?? [];
  return {
    digest: version?.digest ?? "",
    state: version?.state ?? "",
    approvalRefusal: version?.approvalRefusal ?? null,
    approvals,
    policy,
    publishBlock: version?.state === "DRAFT" ? publishBlock(policy, approvals) : null,
    loading: result.loading,
    error: result.error,
  };
}

/** On a version: its digest, who approved it (current and outdated), Approve and Withdraw. */
export function ApprovalsPanel({ kind, versionId }: { kind: ReviewedKind; versionId: string }) {
  const review = useReview(kind, versionId);
  // CR-4: what the scanner found, beside Approve: reviewers see the findings before they approve
  const content = useContentReview(kind === "skill" ? versionId : null);
  const [approve, approving] = useMutation(APPROVE_VERSION, { refetchQueries: "active" });
  const [withdraw] = useMutation(WITHDRAW_APPROVAL, { refetchQueries: "active" });
  if (!review.digest) return <ErrorNotice error={review.error} title="The approvals could not be read" />;
  const required = review.policy?.requiredApprovals ?? 0;
  const current = review.approvals.filter((a) => a.current).length;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="approvals-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} size="h5" id="approvals-title">
              Approvals
            </Title>
            <Badge color={required > 0 && current < required ? INFO_COLOR : OK_COLOR} variant="light">
              {required > 0 ? `${current} of ${required} required` : `${current} current · none required`}
            </Badge>
            <DigestText digest={review.digest} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {kind === "skill" ? <ReviewBadge review={content.review} size="sm" /> : null}
            {review.state === "DRAFT" ? (
              <Tooltip label={review.approvalRefusal} disabled={!review.approvalRefusal}>
                <span>
                  <Button
                    size="xs"
                    color={OK_COLOR}
                    disabled={!!review.approvalRefusal}
                    loading={approving.loading}
                    aria-describedby={review.approvalRefusal ? "approve-refusal" : undefined}
                    onClick={() =>
                      void approve({ variables: { versionId, digest: review.digest } }).catch(() => undefined)
                    }
                  >
                    Approve
                  </Button>
                </span>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        {review.state === "DRAFT" && review.approvalRefusal ? (
          <Text size="xs" c="dimmed" id="approve-refusal">
            {review.approvalRefusal}
          </Text>
        ) : null}
        <ErrorNotice error={approving.error} title="The version was not approved" />
        {review.approvals.length === 0 ? (
          <Text size="sm" c="dimmed">
            No approvals yet.
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {review.approvals.map((a) => (
              <Group key={a.id} component="li" gap="xs" justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Badge size="sm" variant="light" color={a.current ? OK_COLOR : MUTED_COLOR}>
                    {a.current ? "current" : "outdated"}
                  </Badge>
                  <Text size="sm">{a.approvedByName ?? approverOf(a.approvedBy)}</Text>
                  <Text size="xs" c="dimmed">
                    {when(a.createdAt)}
                    {a.current ? "" : ` · approved ${a.digest.slice(0, 19)}…, since edited`}
                  </Text>
                </Group>
                {a.mayWithdraw && review.state === "DRAFT" ? (
                  <ConfirmButton
                    size="xs"
                    variant="subtle"
                    label={`Withdraw the approval by ${a.approvedByName ?? approverOf(a.approvedBy)}`}
                    failure="The approval was not withdrawn"
                    onConfirm={() => withdraw({ variables: { id: a.id } })}
                  >
                    Withdraw
                  </ConfirmButton>
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

const approverOf = (key: string) => (key === "platform" ? "platform credential" : `key ${key.slice(0, 8)}…`);
