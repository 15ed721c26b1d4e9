import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { publicKeyOfJwk, verifyEnvelope, type TrustedKeys } from "../../server/src/modules/provenance/dsse";
import {
  PUBLISH_PREDICATE_TYPE,
  STATEMENT_TYPE,
  type PublishPredicate,
  type PublishStatement,
} from "../../server/src/modules/provenance/statement";

/*
 * PV-2 on this machine: the attestation `pull` writes beside each skill folder, and what `verify` checks of it — the
 * signature against the server's published keys (DSSE over Ed25519, the server's own pure code), then every file of
 * the folder against the statement's sha256 and size.
 */

/** Where `pull` keeps a version's attestation inside its skill folder; never a file of the skill (push, diff). */
export const ATTESTATION_DIR = ".skillgraph";
export const ATTESTATION_FILE = path.join(ATTESTATION_DIR, "attestation.json");

/** The part of the server's publish statement that `verify` reads. */
export interface AttestedStatement extends Pick<PublishStatement, "subject"> {
  predicate: Pick<PublishPredicate, "projectId" | "skill" | "version" | "versionId" | "publishedAt" | "files">;
}

/** The JWKS's Ed25519 keys by kid (other kinds of key are not ours and are ignored). */
export function trustedKeysOf(jwks: unknown): TrustedKeys {
  const keys = new Map();
  for (const jwk of ((jwks as { keys?: unknown[] } | null)?.keys ?? []) as Array<{ kid?: unknown }>) {
    const key = publicKeyOfJwk(jwk);
    if (key && typeof jwk.kid === "string") keys.set(jwk.kid, key);
  }
  return keys;
}

export type SignatureCheck = { ok: true; kid: string; statement: AttestedStatement } | { ok: false; problem: string };

const REASONS: Record<string, string> = {
  malformed: "is not a DSSE envelope",
  payload_type: "is not an in-toto statement",
  unknown_key: "is signed by a key the server does not publish",
  bad_signature: "has a signature that does not verify (the attestation was changed, or not signed by this server)",
};

/** The envelope's signature against the keys, then the statement's shape. */
export function checkSignature(envelope: unknown, keys: TrustedKeys): SignatureCheck {
  const checked = verifyEnvelope(envelope, keys);
  if (!checked.ok) return { ok: false, problem: `the attestation ${REASONS[checked.reason]}` };
  let statement: AttestedStatement & { _type?: unknown; predicateType?: unknown };
  try {
    statement = JSON.parse(checked.body.toString("utf8")) as typeof statement;
  } catch {
    return { ok: false, problem: "the attestation's statement is not JSON" };
  }
  if (
    statement._type !== STATEMENT_TYPE ||
    statement.predicateType !== PUBLISH_PREDICATE_TYPE ||
    !Array.isArray(statement.predicate?.files)
  ) {
    return { ok: false, problem: "the attestation is not a Skillgraph publish statement" };
  }
  return { ok: true, kid: checked.keyid, statement };
}

export interface FileDifference {
  path: string;
  kind: "changed" | "missing" | "extra";
}

/**
 * Every regular file of the folder (its own `.skillgraph/` and a top-level `.git` aside) against the attested files:
 * a file whose sha256 or size differs, an attested file that is missing, a file the attestation does not name.
 */
export async function compareFiles(
  dir: string,
  attested: ReadonlyArray<{ path: string; sha256: string; size: number }>,
): Promise<FileDifference[]> {
  const local = new Map<string, { sha256: string; size: number } | null>();
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(dir, relative), { withFileTypes: true })) {
      const rel = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (relative === "" && (entry.name === ATTESTATION_DIR || entry.name === ".git")) continue;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile()) {
        const bytes = await fs.readFile(path.join(dir, rel));
        local.set(rel, { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.length });
      } else local.set(rel, null); // a link or a device is never what was signed
    }
  };
  await walk("");
  const differences: FileDifference[] = [];
  for (const file of attested) {
    const found = local.get(file.path);
    if (found === undefined) differences.push({ path: file.path, kind: "missing" });
    else if (found === null || found.sha256 !== file.sha256 || found.size !== file.size) {
      differences.push({ path: file.path, kind: "changed" });
    }
    local.delete(file.path);
  }
  for (const extra of [...local.keys()].sort()) differences.push({ path: extra, kind: "extra" });
  return differences;
}
