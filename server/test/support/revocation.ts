import type { TestApp } from "./test-app";

export const REVOKE = `mutation($id: ID!, $reason: String!, $rollbackTo: ID) {
  revokeSkillVersion(id: $id, reason: $reason, rollbackTo: $rollbackTo) { id state revoked revokedReason revokedAt } }`;

export interface Revoked {
  id: string;
  state: string;
  revoked: boolean;
  revokedReason: string | null;
  revokedAt: string | null;
}

export async function revoke(
  t: TestApp,
  key: string,
  id: string,
  reason = "leaked key in scripts/",
  rollbackTo?: string,
): Promise<Revoked> {
  return (await t.ok<{ revokeSkillVersion: Revoked }>(REVOKE, { id, reason, rollbackTo }, key)).revokeSkillVersion;
}
