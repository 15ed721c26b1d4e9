import { expect } from "vitest";
import { publicKeyOfJwk, verifyEnvelope, type DsseEnvelope } from "../../src/modules/provenance";

/** Provenance fixtures (PV-1, PV-2): the served JWKS, and an attestation checked against it as any verifier would. */

export const KEYS_URL = "/.well-known/skillgraph/keys.json";

export interface Jwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  [other: string]: string;
}

export async function fetchJwks(url: string): Promise<Jwk[]> {
  const res = await fetch(`${url}${KEYS_URL}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: Jwk[] }).keys;
}

export interface PublishStatementView {
  _type: string;
  subject: Array<{ name: string; digest: { sha256: string } }>;
  predicateType: string;
  predicate: {
    projectId: string;
    skill: string;
    version: number;
    versionId: string;
    publishedAt: string;
    publishedBy: string;
    approvals: Array<{ key: string; digest: string; at: string }>;
    review: { rulesVersion: string; highest: string | null; findings: number; suppressions: unknown[] } | null;
    files: Array<{ path: string; sha256: string; size: number }>;
  };
}

/** Checks the envelope against the server's JWKS; returns the kid that verified it and the statement, or the failure. */
export async function verifyAgainst(
  url: string,
  envelope: unknown,
): Promise<{ ok: true; kid: string; statement: PublishStatementView } | { ok: false; reason: string }> {
  const keys = new Map((await fetchJwks(url)).map((jwk) => [jwk.kid, publicKeyOfJwk(jwk)!]));
  const check = verifyEnvelope(envelope, keys);
  if (!check.ok) return check;
  return { ok: true, kid: check.keyid, statement: JSON.parse(check.body.toString("utf8")) as PublishStatementView };
}

/** The envelope with its statement replaced by `change(statement)`, signature kept (a forgery). */
export function tampered(envelope: DsseEnvelope, change: (s: PublishStatementView) => void): DsseEnvelope {
  const statement = JSON.parse(Buffer.from(envelope.payload, "base64").toString("utf8")) as PublishStatementView;
  change(statement);
  return { ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString("base64") };
}
