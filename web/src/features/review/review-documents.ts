import { graphql } from "../../gql";

export const CONTENT_REVIEW_FIELDS = graphql(`
  fragment ContentReviewFields on ContentReview {
    status
    highest
    rulesVersion
    reviewedAt
    findings {
      id
      rule
      severity
      path
      line
      column
      excerpt
      message
      suppressed
      suppression {
        reason
        by
        byName
        at
      }
    }
  }
`);

/** CR-1, CR-4: a skill version's content review, with its digest (what a suppression is bound to). */
export const SKILL_VERSION_CONTENT_REVIEW = graphql(`
  query SkillVersionContentReview($id: ID!) {
    skillVersion(id: $id) {
      id
      state
      digest
      review {
        ...ContentReviewFields
      }
    }
  }
`);

export const SUPPRESS_FINDING = graphql(`
  mutation SuppressFinding($versionId: ID!, $findingId: ID!, $digest: String!, $reason: String!) {
    suppressFinding(versionId: $versionId, findingId: $findingId, digest: $digest, reason: $reason) {
      id
      suppressed
    }
  }
`);

/** CR-3, CR-4: the review of what the editor holds, nothing saved (the editor asks it as the author types). */
export const REVIEW_SKILL_CONTENT = graphql(`
  mutation ReviewSkillContent($input: SkillVersionInput!) {
    reviewSkillContent(input: $input) {
      ...ContentReviewFields
    }
  }
`);
