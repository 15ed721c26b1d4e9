import type { GqlResponse, TestApp } from "./test-app";

/** What the content-review tests share (CR): the review's fields, create, suppress, and a refusal's parts. */
export const FINDING_FIELDS = `id rule severity path line column excerpt message suppressed suppression { reason by byName at }`;
export const REVIEW_FIELDS = `review { status highest rulesVersion reviewedAt findings { ${FINDING_FIELDS} } }`;

export interface FindingView {
  id: string;
  rule: string;
  severity: string;
  path: string;
  line: number | null;
  column: number | null;
  excerpt: string;
  message: string;
  suppressed: boolean;
  suppression: { reason: string; by: string; byName: string | null; at: string } | null;
}
export interface ReviewView {
  status: string;
  highest: string | null;
  rulesVersion: string;
  reviewedAt: string;
  findings: FindingView[];
}
export interface ReviewedVersion {
  id: string;
  name: string;
  version: number;
  state: string;
  digest: string;
  review: ReviewView;
}

export const CREATE_REVIEWED = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id name version state digest ${REVIEW_FIELDS} } }`;
export const READ_REVIEWED = `query($id: ID!) { skillVersion(id: $id) { id name version state digest ${REVIEW_FIELDS} } }`;
export const SUPPRESS = `mutation($v: ID!, $f: ID!, $d: String!, $r: String!) { suppressFinding(versionId: $v, findingId: $f, digest: $d, reason: $r) { ${FINDING_FIELDS} } }`;
export const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id state } }`;

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

export async function createReviewed(
  t: TestApp,
  key: string,
  skillMd: string,
  files: Array<{ path: string; content: Uint8Array }> = [],
): Promise<ReviewedVersion> {
  const input = { skillMd, files: files.map((f) => ({ path: f.path, contentBase64: b64(f.content) })) };
  return (await t.ok<{ createSkillVersion: ReviewedVersion }>(CREATE_REVIEWED, { input }, key)).createSkillVersion;
}

export async function readReviewed(t: TestApp, key: string, id: string): Promise<ReviewedVersion> {
  return (await t.ok<{ skillVersion: ReviewedVersion }>(READ_REVIEWED, { id }, key)).skillVersion;
}

/** Suppresses every finding of a version at or above HIGH (what an admin does after checking each). */
export async function suppressBlocking(t: TestApp, admin: string, version: ReviewedVersion): Promise<void> {
  for (const f of version.review.findings.filter((x) => x.severity === "HIGH" || x.severity === "CRITICAL")) {
    await t.ok(
      SUPPRESS,
      { v: version.id, f: f.id, d: version.digest, r: `Checked by hand: ${f.rule} is expected here.` },
      admin,
    );
  }
}

export const refusalOf = (res: GqlResponse) => ({
  code: res.errors?.[0]?.extensions?.code,
  details: res.errors?.[0]?.extensions?.details as Record<string, unknown> | undefined,
  message: res.errors?.[0]?.message ?? "",
});
