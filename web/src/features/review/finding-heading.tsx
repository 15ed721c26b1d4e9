import { Anchor, Badge, Code, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { ContentReviewFieldsFragment } from "../../gql/graphql";
import { MUTED_COLOR } from "../../shared/format";
import { severityColor } from "./severity";

type Finding = ContentReviewFieldsFragment["findings"][number];

/**
 * CR-4: a finding's first line — its severity, its rule and its place, a button that opens the line when it has one.
 * `compact` is the smaller type of the editor's live panel; `children` follow on the same line (an admin's actions).
 */
export function FindingHeading(props: {
  finding: Finding;
  compact?: boolean;
  /** What the place's button does, for its accessible name. */
  openLabel: string;
  onOpenLine(path: string, line: number): void;
  children?: ReactNode;
}) {
  const { finding: f, compact } = props;
  const size = compact ? "xs" : "sm";
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge size={size} color={f.suppressed ? MUTED_COLOR : severityColor(f.severity)} variant="light">
        {f.severity.toLowerCase()}
      </Badge>
      <Text size={size} fw={600}>
        {f.rule}
      </Text>
      {f.line !== null ? (
        <Anchor
          component="button"
          type="button"
          size={size}
          onClick={() => props.onOpenLine(f.path, f.line!)}
          aria-label={`${f.path}:${f.line} (${props.openLabel})`}
        >
          {f.path}:{f.line}
        </Anchor>
      ) : compact ? (
        <Text size="xs">{f.path}</Text>
      ) : (
        <Code>{f.path}</Code>
      )}
      {props.children}
    </Group>
  );
}
