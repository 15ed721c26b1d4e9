import { useQuery } from "@apollo/client/react";
import type { ContentReviewFieldsFragment } from "../../gql/graphql";
import { useSession } from "../sign-in/session-context";
import { SKILL_VERSION_CONTENT_REVIEW } from "./review-documents";

export interface ContentReviewState {
  review: ContentReviewFieldsFragment | null;
  digest: string;
  state: string;
  loading: boolean;
  error: unknown;
}

/** CR-4: a skill version's review; one query (Apollo's cache) for the page's panel, Approve and the preview. */
export function useContentReview(versionId: string | null): ContentReviewState {
  const result = useQuery(SKILL_VERSION_CONTENT_REVIEW, { variables: { id: versionId ?? "" }, skip: !versionId });
  const version = result.data?.skillVersion;
  return {
    review: version?.review ?? null,
    digest: version?.digest ?? "",
    state: version?.state ?? "",
    loading: result.loading,
    error: result.error,
  };
}

/** Suppressing a finding is an admin's (CR-3). */
export function useIsAdmin(): boolean {
  const role = useSession().session?.role;
  return role === "ADMIN" || role === "PLATFORM";
}
