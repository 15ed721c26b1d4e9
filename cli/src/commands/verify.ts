import { promises as fs } from "node:fs";
import path from "node:path";
import {
  ATTESTATION_FILE,
  checkSignature,
  compareFiles,
  trustedKeysOf,
  type AttestedStatement,
  type FileDifference,
} from "../attestation";
import type { Io } from "../io";
import type { Report } from "../report";
import { normaliseSkillName } from "../skill-format";
import { EXIT, serverUrl, start, type CommonOptions } from "./command-kit";

// Not the server's KEYS_PATH and REVOCATIONS_PATH: those are rooted ("/…", relative here keeps a base path) and their
// files import server-only code.
const KEYS_PATH = ".well-known/skillgraph/keys.json";
const REVOCATIONS_PATH = ".well-known/skillgraph/revocations.json";

/** One revoked version as revocations.json lists it (api.md "Provenance"). */
interface RevokedEntry {
  skill: string;
  version: number;
  versionId: string;
  digest: string;
  reason: string;
  revokedAt: string;
}

/** The pulled skill folders of `folder`: itself when it holds an attestation, else each sub-folder that does. */
async function pulledFolders(folder: string): Promise<string[]> {
  const holds = (dir: string) =>
    fs.stat(path.join(dir, ATTESTATION_FILE)).then(
      (s) => s.isFile(),
      () => false,
    );
  if (await holds(folder)) return [folder];
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.isDirectory() && (await holds(path.join(folder, entry.name)))) found.push(path.join(folder, entry.name));
  }
  return found;
}

/** `relative` under the server's URL, fetched: the response whatever its status, or "Cannot reach" when none came. */
async function getWellKnown(
  base: string,
  relative: string,
  headers?: Record<string, string>,
): Promise<{ url: string; response: Response }> {
  const url = new URL(relative, base.endsWith("/") ? base : `${base}/`).toString();
  try {
    return { url, response: await fetch(url, headers ? { headers } : undefined) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new Error(`Cannot reach ${url} (${cause?.code ?? (error as Error).message}); check SKILLGRAPH_URL.`, {
      cause: error,
    });
  }
}

/** The server's JWKS, public: no API key is needed to verify. */
async function fetchKeys(base: string): Promise<{ url: string; jwks: unknown }> {
  const { url, response } = await getWellKnown(base, KEYS_PATH);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}; it serves no signing keys.`);
  try {
    return { url, jwks: await response.json() };
  } catch (error) {
    throw new Error(`${url} did not answer JSON; it serves no signing keys.`, { cause: error });
  }
}

/**
 * PV-3: the project's revoked versions (revocations.json needs the project's API key: SKILLGRAPH_API_KEY); null when
 * no key is set, so verification goes on without them and says so.
 */
async function fetchRevocations(base: string, key: string | undefined): Promise<RevokedEntry[] | null> {
  if (!key) return null;
  const { url, response } = await getWellKnown(base, REVOCATIONS_PATH, { authorization: `Bearer ${key}` });
  if (response.status === 401)
    throw new Error(`${url} refused SKILLGRAPH_API_KEY (HTTP 401); set a key of the project.`);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}; revocations could not be checked.`);
  const body = (await response.json().catch(() => null)) as { revoked?: unknown } | null;
  if (!body || !Array.isArray(body.revoked)) throw new Error(`${url} did not answer a list of revoked versions.`);
  return body.revoked as RevokedEntry[];
}

/** A sentence when the attested version has been revoked since it was pulled (by version id or digest), else null. */
function revocationOf(revoked: readonly RevokedEntry[], statement: AttestedStatement): string | null {
  const digest = statement.subject[0]?.digest.sha256;
  const found = revoked.find(
    (r) =>
      r.versionId === statement.predicate.versionId ||
      (digest !== undefined && r.skill === statement.predicate.skill && r.digest.replace(/^sha256:/, "") === digest),
  );
  return found
    ? `version ${found.version} was revoked ${found.revokedAt}${found.reason ? ` (${found.reason})` : ""}; pull again and stop using it`
    : null;
}

const DIFFERENCE: Record<FileDifference["kind"], string> = {
  changed: "differs from the attestation (sha256 or size)",
  missing: "is attested but missing",
  extra: "is not in the attestation",
};

interface Verified {
  skill: string;
  folder: string;
  version?: number;
  kid?: string;
  problems: string[];
}

async function verifyFolder(dir: string, keys: ReturnType<typeof trustedKeysOf>, revoked: readonly RevokedEntry[]) {
  const folderName = normaliseSkillName(path.basename(dir));
  const result: Verified = { skill: folderName, folder: dir, problems: [] };
  let envelope: unknown;
  try {
    envelope = JSON.parse(await fs.readFile(path.join(dir, ATTESTATION_FILE), "utf8"));
  } catch {
    result.problems.push(`${ATTESTATION_FILE} is not JSON; pull the skill again`);
    return result;
  }
  const signed = checkSignature(envelope, keys);
  if (!signed.ok) {
    result.problems.push(signed.problem);
    return result;
  }
  const { predicate } = signed.statement;
  Object.assign(result, { skill: predicate.skill, version: predicate.version, kid: signed.kid });
  if (predicate.skill !== folderName) {
    result.problems.push(
      `the folder '${path.basename(dir)}' holds the attestation of another skill, '${predicate.skill}'`,
    );
  }
  for (const difference of await compareFiles(dir, predicate.files)) {
    result.problems.push(`${difference.path} ${DIFFERENCE[difference.kind]}`);
  }
  const revocation = revocationOf(revoked, signed.statement);
  if (revocation) result.problems.push(revocation);
  return result;
}

function reportVerified(report: Report, results: Verified[]): void {
  const { paint } = report;
  for (const r of results) {
    if (r.problems.length === 0) {
      report.line(`${paint.green("✓")} ${r.skill}: version ${r.version} verified (signed by key ${r.kid})`);
    } else for (const problem of r.problems) report.problem(`${r.skill}: ${problem}.`);
  }
  report.set(
    "verified",
    results.map((r) => ({
      name: r.skill,
      folder: r.folder,
      version: r.version ?? null,
      kid: r.kid ?? null,
      ok: r.problems.length === 0,
      problems: r.problems,
    })),
  );
}

/**
 * PV-2: each pulled skill folder checked against the attestation `pull` wrote beside it — the signature against the
 * server's published keys, then every file's sha256 and size (a changed, missing or extra file fails); PV-3: with
 * SKILLGRAPH_API_KEY, a version revoked since it was pulled fails too. Exit 0 when every folder verifies; 1 naming the
 * skill and the file that differs, or the revocation.
 */
export async function verifyCommand(folder: string, options: CommonOptions, io: Io): Promise<number> {
  const report = start(io, options);
  const dirs = await pulledFolders(folder);
  if (dirs.length === 0) {
    report.problem(`${folder} holds no pulled skill folder (one with ${ATTESTATION_FILE}); run skillgraph pull first.`);
    return report.finish(EXIT.failed);
  }
  const server = serverUrl(io, options);
  let keys;
  let revoked: RevokedEntry[] | null;
  try {
    const fetched = await fetchKeys(server);
    keys = trustedKeysOf(fetched.jwks);
    report.set("keys_url", fetched.url);
    revoked = await fetchRevocations(server, io.env.SKILLGRAPH_API_KEY);
  } catch (error) {
    report.problem((error as Error).message);
    return report.finish(EXIT.failed);
  }
  report.set("revocations_checked", revoked !== null);
  if (revoked === null) {
    report.line(
      report.paint.yellow("Revocations not checked: set SKILLGRAPH_API_KEY to a key of the project to check them."),
    );
  }
  const results: Verified[] = [];
  for (const dir of dirs) results.push(await verifyFolder(dir, keys, revoked ?? []));
  reportVerified(report, results);
  const failed = results.filter((r) => r.problems.length > 0).length;
  report.line(
    failed === 0
      ? `${results.length} skill folder${results.length === 1 ? "" : "s"} verified against ${server}.`
      : `${failed} of ${results.length} skill folder${results.length === 1 ? "" : "s"} did not verify.`,
  );
  return report.finish(failed === 0 ? EXIT.ok : EXIT.failed);
}
