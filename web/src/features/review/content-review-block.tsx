import { Anchor } from "@mantine/core";
import type { ContentReviewFieldsFragment } from "../../gql/graphql";

/**
 * CR-3, CR-4: why Publish is disabled while the content review blocks the version, and the way to its findings. An
 * admin who suppresses them (or an edit that removes them) turns the review and the button back.
 */
export function ContentReviewBlock(props: { review: ContentReviewFieldsFragment; onShowFindings(): void }) {
  const open = props.review.findings.filter((f) => !f.suppressed).length;
  return (
    <>
      Blocked by the content review: {open} finding{open === 1 ? "" : "s"}, highest{" "}
      {props.review.highest?.toLowerCase()}. Fix {open === 1 ? "it" : "them"} or have an admin suppress{" "}
      {open === 1 ? "it" : "them"}.{" "}
      <Anchor component="button" type="button" size="xs" onClick={props.onShowFindings}>
        See the findings
      </Anchor>
    </>
  );
}
