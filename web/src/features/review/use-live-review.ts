import { useMutation } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import type { ContentReviewFieldsFragment } from "../../gql/graphql";
import { toInput, type SkillContent } from "../skills/skill-content";
import { REVIEW_SKILL_CONTENT } from "./review-documents";

/** A pause this long in typing asks for a review (shorter than the draft's save: the author sees it first). */
const DEBOUNCE_MS = 500;

export interface LiveReview {
  /** The review of what the editor held at the last pause; null before the first answer. */
  review: ContentReviewFieldsFragment | null;
  /** A review of newer content is on its way (the one shown is of older text). */
  pending: boolean;
  /** The review is the saved version's own (with its suppressions): the editor holds nothing unsaved. */
  saved?: boolean;
}

/**
 * CR-4: the editor reviews as the author types — a dry run (`reviewSkillContent`, nothing saved) at each pause, so
 * the findings are in the editor before the draft is saved. Only the answer to the latest content is kept.
 */
export function useLiveReview(content: SkillContent, enabled: boolean): LiveReview {
  const [review, setReview] = useState<ContentReviewFieldsFragment | null>(null);
  const [pending, setPending] = useState(false);
  const [ask] = useMutation(REVIEW_SKILL_CONTENT);
  const latest = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const built = toInput(content);
    // content the validator refuses client-side (a tool's parameters not JSON) is reviewed once it is fixed
    if ("problems" in built) return;
    const mine = ++latest.current;
    setPending(true);
    const timer = setTimeout(() => {
      ask({ variables: { input: built.input } })
        .then((result) => {
          if (mine === latest.current && result.data) setReview(result.data.reviewSkillContent);
        })
        .catch(() => undefined) // the draft's own save shows why the server refuses the content
        .finally(() => {
          if (mine === latest.current) setPending(false);
        });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [content, enabled, ask]);
  return { review, pending };
}
