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

const KEYS_PATH = ".well-known/skillgraph/keys.json";

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

/** The server's JWKS, public: no API key is needed to verify. */
async function fetchKeys(base: string): Promise<{ url: string; jwks: unknown }> {
  const url = new URL(KEYS_PATH, base.endsWith("/") ? base : `${base}/`).toString();
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new Error(`Cannot reach ${url} (${cause?.code ?? (error as Error).message}); check SKILLGRAPH_URL.`, {
      cause: error,
    });
  }
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}; it serves no signing keys.`);
  try {
    return { url, jwks: await response.json() };
  } catch (error) {
    throw new Error(`${url} did not answer JSON; it serves no signing keys.`, { cause: error });
  }
}

/**
 * The seam for revocation (PV-3): a sentence when the attested version has been revoked since it was pulled, null
 * when it has not. Nothing is revoked until the server serves its revocations; a check added here fails the folder
 * like any other difference.
 */
async function revocationOf(_server: string, _statement: AttestedStatement, _io: Io): Promise<string | null> {
  return null;
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

async function verifyFolder(dir: string, keys: ReturnType<typeof trustedKeysOf>, server: string, io: Io) {
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
  const revoked = await revocationOf(server, signed.statement, io);
  if (revoked) result.problems.push(revoked);
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
 * server's published keys, then every file's sha256 and size (a changed, missing or extra file fails). Exit 0 when
 * every folder verifies; 1 naming the skill and the file that differs.
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
  try {
    const fetched = await fetchKeys(server);
    keys = trustedKeysOf(fetched.jwks);
    report.set("keys_url", fetched.url);
  } catch (error) {
    report.problem((error as Error).message);
    return report.finish(EXIT.failed);
  }
  const results: Verified[] = [];
  for (const dir of dirs) results.push(await verifyFolder(dir, keys, server, io));
  reportVerified(report, results);
  const failed = results.filter((r) => r.problems.length > 0).length;
  report.line(
    failed === 0
      ? `${results.length} skill folder${results.length === 1 ? "" : "s"} verified against ${server}.`
      : `${failed} of ${results.length} skill folder${results.length === 1 ? "" : "s"} did not verify.`,
  );
  return report.finish(failed === 0 ? EXIT.ok : EXIT.failed);
}
