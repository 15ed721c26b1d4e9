import { Button, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { ContentReviewFieldsFragment } from "../../gql/graphql";
import { when } from "../../shared/format";
import { ErrorNotice } from "../../shared/states";
import { ReviewBadge } from "./review-badge";
import { FindingHeading } from "./finding-heading";
import { SuppressDialog } from "./suppress-dialog";
import { useContentReview, useIsAdmin } from "./use-content-review";

type Finding = ContentReviewFieldsFragment["findings"][number];

/**
 * CR-4: a version's findings on its page — severity, rule, place (a click opens the line in the editor), the excerpt
 * with hidden characters drawn as code points, why it matters; an admin suppresses one with a reason.
 */
export function FindingsPanel(props: { versionId: string; onOpenLine(path: string, line: number): void }) {
  const { review, digest, error } = useContentReview(props.versionId);
  const admin = useIsAdmin();
  const [suppressing, setSuppressing] = useState<Finding | null>(null);
  if (!review) return <ErrorNotice error={error} title="The content review could not be read" />;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="review-title" data-testid="findings-panel">
      <Stack gap="xs">
        <Group gap="xs">
          {/* focusable from the publish button's "See the findings" */}
          <Title order={2} size="h5" id="review-title" tabIndex={-1}>
            Content review
          </Title>
          <ReviewBadge review={review} />
          <Text size="xs" c="dimmed">
            rules {review.rulesVersion} · {when(review.reviewedAt)}
          </Text>
        </Group>
        {review.findings.length === 0 ? (
          <Text size="sm" c="dimmed">
            The scanner found nothing hidden, nothing fetched and run, no secret and no instruction aimed at the model.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Findings">
            {review.findings.map((f) => (
              <Stack key={f.id} gap={2} component="li" data-testid="finding">
                <FindingHeading finding={f} openLabel="open the line in the editor" onOpenLine={props.onOpenLine}>
                  {admin && !f.suppressed ? (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setSuppressing(f)}>
                      Suppress…
                    </Button>
                  ) : null}
                </FindingHeading>
                <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                  {f.excerpt}
                </Code>
                <Text size="xs">{f.message}</Text>
                {f.suppression ? (
                  <Text size="xs" c="dimmed">
                    Suppressed by {f.suppression.byName ?? f.suppression.by} {when(f.suppression.at)}: “
                    {f.suppression.reason}”
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
      <SuppressDialog
        versionId={props.versionId}
        digest={digest}
        finding={suppressing}
        onClose={() => setSuppressing(null)}
      />
    </Paper>
  );
}

/** CR-4: the findings that block in the impact preview (or that there are none), before the author confirms. */
export function PreviewReview({ versionId }: { versionId: string }) {
  const { review } = useContentReview(versionId);
  if (!review) return null;
  const open = review.findings.filter((f) => !f.suppressed);
  return (
    <section aria-label="Content review" data-testid="preview-review">
      <Group gap="xs" mb={4}>
        <Title order={3} size="h5">
          Content review
        </Title>
        <ReviewBadge review={review} />
      </Group>
      {review.status === "blocked" ? (
        <Text size="sm" c="red.8">
          The policy refuses this publish until each finding at or above its block severity is fixed or suppressed by an
          admin:{" "}
          {open
            .slice(0, 5)
            .map((f) => `${f.rule} (${f.path}${f.line ? `:${f.line}` : ""})`)
            .join(", ")}
          {open.length > 5 ? ", …" : ""}.
        </Text>
      ) : null}
    </section>
  );
}
