/*
 * PV-2: the in-toto Statement v1 a publish attestation holds (api.md fixes its names). Pure: the provenance service
 * gathers the facts inside the publishing transaction and signs what this builds.
 */

export const STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
export const PUBLISH_PREDICATE_TYPE = "https://skillgraph.dev/attestations/publish/v1";

export interface AttestedFile {
  path: string;
  /** hex */
  sha256: string;
  size: number;
}

export interface PublishPredicate {
  projectId: string;
  skill: string;
  version: number;
  versionId: string;
  /** ISO 8601 */
  publishedAt: string;
  /** The API key id (or `platform`) that published it; a rollout's completion names the rollout's actor. */
  publishedBy: string;
  /** The approvals of the digest that went live (AP-1): who, of which digest, when. */
  approvals: Array<{ key: string; digest: string; at: string }>;
  /** The content review's summary (CR): rules version, highest severity, suppressions; null: never reviewed. */
  review: unknown;
  /** SKILL.md and every file, as a folder in git holds them, sorted by path. */
  files: AttestedFile[];
}

export interface PublishStatement {
  _type: typeof STATEMENT_TYPE;
  subject: Array<{ name: string; digest: { sha256: string } }>;
  predicateType: typeof PUBLISH_PREDICATE_TYPE;
  predicate: PublishPredicate;
}

/** The statement of a version going live; `digest` is its AP-2 digest (`sha256:<hex>`). */
export function publishStatement(digest: string, predicate: PublishPredicate): PublishStatement {
  const hex = digest.startsWith("sha256:") ? digest.slice("sha256:".length) : digest;
  return {
    _type: STATEMENT_TYPE,
    subject: [{ name: `${predicate.skill}@${predicate.version}`, digest: { sha256: hex } }],
    predicateType: PUBLISH_PREDICATE_TYPE,
    predicate: {
      ...predicate,
      files: [...predicate.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    },
  };
}
