import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { FindingHeading } from "./finding-heading";
import { ReviewBadge } from "./review-badge";
import type { LiveReview } from "./use-live-review";

const SHOWN = 8;

/**
 * CR-4: the review of what the editor holds, as the author types (nothing saved): the badge, and each finding with
 * its line (a click moves the editor there) and why it matters. The same findings are underlined in the editor.
 */
export function LiveReviewPanel(props: { live: LiveReview; onOpenLine(path: string, line: number): void }) {
  const { review, pending } = props.live;
  const findings = (review?.findings ?? []).filter((f) => !f.suppressed);
  return (
    <Paper withBorder p="xs" mt="xs" component="section" aria-labelledby="live-review-title" data-testid="live-review">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={2} size="h6" id="live-review-title">
            Review as you type
          </Title>
          <ReviewBadge review={review} size="sm" />
          <Text size="xs" c="dimmed" role="status">
            {pending
              ? "Reviewing…"
              : props.live.saved
                ? review?.findings.some((f) => f.suppressed)
                  ? "As saved, with this version's suppressions."
                  : "As saved."
                : review
                  ? "What the editor holds now, before it is saved."
                  : ""}
          </Text>
        </Group>
        {findings.length > 0 ? (
          <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Live findings">
            {findings.slice(0, SHOWN).map((f) => (
              <Stack key={f.id} gap={0} component="li" data-testid="live-finding">
                <FindingHeading finding={f} compact openLabel="go to the line" onOpenLine={props.onOpenLine} />
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {f.message}
                </Text>
              </Stack>
            ))}
            {findings.length > SHOWN ? (
              <Text size="xs" c="dimmed" component="li">
                … and {findings.length - SHOWN} more.
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
