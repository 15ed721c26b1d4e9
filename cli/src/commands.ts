import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { paintFor, progress, type Io } from "./io";
import { readSkillsFolder, type FolderReading } from "./local-skills";
import { frozenDifferences, LockFileError, readLock, writeLock, type LockFile } from "./lock-file";
import { planOf, type PlanEntry } from "./plan";
import { Report, reportPlan, reportReading } from "./report";
import { ServerRefusal, ServerUnavailable, SkillgraphClient, type RemoteVersion } from "./server-client";
import { readDirectoryBundle, readZipBundle, writeDirectoryBundle, writeZipBundle } from "./skill-format";

/** api.md: 0 done or no change, 1 refused or failed, 2 `--frozen` and the folder differs from the lock or the server. */
export const EXIT = { ok: 0, failed: 1, frozen: 2 } as const;

export interface CommonOptions {
  json?: boolean;
  url?: string;
}

const DEFAULT_URL = "http://localhost:4000";

function start(io: Io, options: CommonOptions): Report {
  return new Report(io, paintFor(io, Boolean(options.json)), Boolean(options.json));
}

function serverUrl(io: Io, options: CommonOptions): string {
  return options.url ?? io.env.SKILLGRAPH_URL ?? DEFAULT_URL;
}

function isHttpUrl(url: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** SKILLGRAPH_URL and SKILLGRAPH_API_KEY (an editor or admin key of the project); null after saying what is wrong. */
function clientFor(report: Report, options: CommonOptions): SkillgraphClient | null {
  const url = serverUrl(report.io, options);
  if (!isHttpUrl(url)) {
    const where = options.url === undefined ? "SKILLGRAPH_URL" : "--url";
    report.problem(
      `${where} '${url.slice(0, 200)}' is not an http:// or https:// URL; give the server's address, e.g. ${DEFAULT_URL}.`,
    );
    return null;
  }
  const key = report.io.env.SKILLGRAPH_API_KEY;
  if (!key) {
    report.problem("Set SKILLGRAPH_API_KEY to an API key of the project (editor or admin to push; viewer to diff).");
    return null;
  }
  return new SkillgraphClient(url, key);
}

const FILE_SYSTEM_REASONS: Record<string, string> = {
  EEXIST: "a file is in the way where a folder is needed",
  ENOTDIR: "a part of the path is a file, not a folder",
  EISDIR: "it is a folder, not a file",
  ENOENT: "it does not exist",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
};

/** A file-system error (a folder that cannot be written, a lock that cannot be replaced) as one sentence. */
function fileSystemProblem(error: unknown): string | null {
  const { code, path: where } = (error ?? {}) as { code?: unknown; path?: unknown };
  if (typeof code !== "string" || !/^E[A-Z]+$/.test(code)) return null;
  const reason = FILE_SYSTEM_REASONS[code] ?? "the file system refused it";
  return `${typeof where === "string" ? where : "A file or folder"}: ${reason} (${code}).`;
}

/** Reads and validates every folder first; null (after reporting every problem) when any folder is refused. */
async function readValid(report: Report, folder: string): Promise<FolderReading | null> {
  const reading = await readSkillsFolder(folder);
  reportReading(report, reading);
  if (reading.problems.length > 0) {
    const folders = new Set(reading.problems.map((p) => p.folder)).size;
    report.problem(
      `${reading.problems.length} problem${reading.problems.length === 1 ? "" : "s"} in ${folders} folder${folders === 1 ? "" : "s"}; nothing was sent.`,
    );
    return null;
  }
  if (reading.skills.length === 0) {
    report.problem(`${folder} holds no skill folder (a folder with a SKILL.md); nothing to do.`);
    return null;
  }
  return reading;
}

/** A failure talking to the server: its sentence (with the URL and status), exit 1. */
function failed(report: Report, error: unknown): number {
  if (error instanceof ServerUnavailable || error instanceof ServerRefusal || error instanceof LockFileError) {
    report.problem(error.message);
    return report.finish(EXIT.failed);
  }
  const problem = fileSystemProblem(error);
  if (problem === null) throw error;
  report.problem(problem);
  return report.finish(EXIT.failed);
}

export async function validateCommand(folder: string, options: CommonOptions, io: Io): Promise<number> {
  const report = start(io, options);
  const reading = await readValid(report, folder);
  if (!reading) return report.finish(EXIT.failed);
  report.line(
    `${report.paint.green("✓")} ${reading.skills.length} skill folder${reading.skills.length === 1 ? "" : "s"} valid: ${reading.skills.map((s) => s.name).join(", ")}`,
  );
  return report.finish(EXIT.ok);
}

interface Planned {
  report: Report;
  client: SkillgraphClient;
  plan: PlanEntry[];
  lock: LockFile | null;
}

/** Validate, ask the server for the newest version of each name, print the plan; `--frozen` compares with the lock. */
async function planned(
  folder: string,
  options: CommonOptions & { frozen?: boolean },
  io: Io,
): Promise<Planned | number> {
  const report = start(io, options);
  const reading = await readValid(report, folder);
  if (!reading) return report.finish(EXIT.failed);
  const client = clientFor(report, options);
  if (!client) return report.finish(EXIT.failed);
  try {
    const lock = await readLock(folder);
    const remotes = await client.newestVersions(reading.skills.map((s) => s.name));
    const plan = planOf(reading.skills, remotes);
    reportPlan(report, plan, folder, serverUrl(io, options));
    if (options.frozen) {
      const differences = frozenDifferences(plan, lock);
      report.set("frozen_differences", differences);
      if (differences.length > 0) {
        for (const difference of differences) report.problem(difference);
        report.problem(`--frozen: the folder, skillgraph.lock and the server disagree; nothing was changed.`);
        return report.finish(EXIT.frozen);
      }
      report.line(`${report.paint.green("✓")} --frozen: the folder, skillgraph.lock and the server agree.`);
    }
    return { report, client, plan, lock };
  } catch (error) {
    return failed(report, error);
  }
}

export async function diffCommand(folder: string, options: CommonOptions & { frozen?: boolean }, io: Io) {
  const result = await planned(folder, options, io);
  return typeof result === "number" ? result : result.report.finish(EXIT.ok);
}

export interface PushOptions extends CommonOptions {
  publish?: boolean;
  rollout?: boolean;
  frozen?: boolean;
}

const zipOf = (entry: PlanEntry) => Buffer.from(writeZipBundle(entry.name, entry.local.bundle)).toString("base64");

/**
 * EC-3: new and changed folders become new drafts (through importSkillBundle, the server's own import); `--publish`
 * publishes each folder's version that is a draft; the lock then records each folder's version and digest.
 */
export async function pushCommand(folder: string, options: PushOptions, io: Io): Promise<number> {
  if (options.rollout && options.publish) {
    const report = start(io, options);
    report.problem("--publish and --rollout are two ways to ship a draft: give one of them.");
    return report.finish(EXIT.failed);
  }
  const result = await planned(folder, options, io);
  if (typeof result === "number") return result;
  const { report, client, plan, lock } = result;
  const versions = new Map<string, RemoteVersion>();
  const rollouts: Array<{ name: string; version: number; rollout_id: string; percent: number }> = [];
  let refusals = 0;
  const refuse = (name: string, error: unknown) => {
    if (!(error instanceof ServerRefusal)) throw error;
    refusals += 1;
    // AP-1: the draft stays pushed; once reviewers approved its digest, --publish publishes it.
    const hint =
      error.details?.reason === "approval_required"
        ? " The draft is pushed; once it holds the approvals (approveVersion, or Approve in the console), push --publish again."
        : "";
    report.problem(`${name}: ${error.message}${hint}`);
  };
  try {
    const toPush = options.frozen ? [] : plan.filter((e) => e.kind !== "unchanged");
    for (const entry of plan) if (entry.kind === "unchanged") versions.set(entry.name, entry.remote);
    let done = 0;
    for (const entry of toPush) {
      progress(io, done, toPush.length, `pushing ${entry.name}…`);
      try {
        const version = await client.importBundle(zipOf(entry));
        versions.set(entry.name, version);
        report.line(
          `${report.paint.green("pushed")} ${entry.name}: version ${version.version} (${version.state.toLowerCase()})`,
        );
      } catch (error) {
        refuse(entry.name, error);
      }
      progress(io, (done += 1), toPush.length, "");
    }
    if (options.rollout) {
      // RO-1: each version this push made starts a staged rollout beside the live one (the server's defaults)
      for (const entry of toPush) {
        const version = versions.get(entry.name);
        if (!version || version.state !== "DRAFT") continue;
        try {
          const rollout = await client.startRollout(version.id);
          rollouts.push({
            name: entry.name,
            version: version.version,
            rollout_id: rollout.id,
            percent: rollout.percent,
          });
          report.line(
            `${report.paint.green("rollout")} ${entry.name}: version ${version.version} at ${rollout.percent} % (steps ${rollout.steps.join(", ")}; rollout ${rollout.id})`,
          );
        } catch (error) {
          refuse(entry.name, error);
        }
      }
    }
    if (options.publish) {
      for (const [name, version] of versions) {
        if (version.state !== "DRAFT") continue;
        try {
          versions.set(name, await client.publish(version.id));
          report.line(`${report.paint.green("published")} ${name}: version ${version.version}`);
        } catch (error) {
          refuse(name, error);
        }
      }
    }
  } catch (error) {
    await saveLock(folder, plan, versions, lock, options);
    return failed(report, error);
  }
  await saveLock(folder, plan, versions, lock, options);
  report.set(
    "versions",
    [...versions].map(([name, v]) => ({ name, version: v.version, state: v.state.toLowerCase(), digest: v.digest })),
  );
  if (options.rollout) report.set("rollouts", rollouts);
  if (refusals > 0) {
    report.problem(`${refusals} refusal${refusals === 1 ? "" : "s"}; the lock records what the server holds.`);
    return report.finish(EXIT.failed);
  }
  if (!options.frozen) report.line(`Wrote ${path.join(folder, "skillgraph.lock")}.`);
  return report.finish(EXIT.ok);
}

/** The lock after a push: each folder's version and digest (a folder that failed keeps its old entry). */
async function saveLock(
  folder: string,
  plan: readonly PlanEntry[],
  versions: ReadonlyMap<string, RemoteVersion>,
  previous: LockFile | null,
  options: PushOptions,
): Promise<void> {
  if (options.frozen && !options.publish) return;
  const skills: LockFile["skills"] = {};
  for (const entry of plan) {
    const version = versions.get(entry.name);
    const old = previous?.skills[entry.name];
    if (version) skills[entry.name] = { version: version.version, digest: version.digest };
    else if (old) skills[entry.name] = old;
  }
  await writeLock(folder, { skills });
}

/** EC-3: every live version written as `<folder>/<name>/` (replacing the folder that was there), and the lock. */
export async function pullCommand(folder: string, options: CommonOptions, io: Io): Promise<number> {
  const report = start(io, options);
  const client = clientFor(report, options);
  if (!client) return report.finish(EXIT.failed);
  try {
    const live = await client.liveVersions();
    await fs.mkdir(folder, { recursive: true });
    const staging = await fs.mkdtemp(path.join(folder, `.skillgraph-pull-${randomBytes(3).toString("hex")}-`));
    const lock: LockFile = { skills: {} };
    try {
      let done = 0;
      for (const version of live) {
        progress(io, done, live.length, `pulling ${version.name}…`);
        const read = await readZipBundle(await client.exportBundle(version.id));
        if (!read.ok) throw new ServerUnavailable(read.problems.map((p) => p.message).join(" "));
        const written = await writeDirectoryBundle(staging, read.folder, read.bundle);
        const target = path.join(folder, read.folder);
        await fs.rm(target, { recursive: true, force: true });
        await fs.rename(written, target);
        lock.skills[version.name] = { version: version.version, digest: version.digest };
        report.line(`${report.paint.green("pulled")} ${version.name}: version ${version.version}`);
        progress(io, (done += 1), live.length, "");
      }
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
    await writeLock(folder, lock);
    report.set(
      "pulled",
      Object.entries(lock.skills).map(([name, v]) => ({ name, ...v })),
    );
    report.line(
      `Wrote ${live.length} skill folder${live.length === 1 ? "" : "s"} and ${path.join(folder, "skillgraph.lock")}.`,
    );
    return report.finish(EXIT.ok);
  } catch (error) {
    return failed(report, error);
  }
}

/** SK-2 (the old `npm run skills -- import`): one skill folder becomes the skill's next draft. */
export async function importCommand(dir: string, options: CommonOptions, io: Io): Promise<number> {
  const report = start(io, options);
  const read = await readDirectoryBundle(dir);
  if (!read.ok) {
    for (const problem of read.problems) report.problem(problem.message);
    return report.finish(EXIT.failed);
  }
  const client = clientFor(report, options);
  if (!client) return report.finish(EXIT.failed);
  try {
    const version = await client.importBundle(Buffer.from(writeZipBundle(read.folder, read.bundle)).toString("base64"));
    report.set("version", version);
    report.line(`${version.name} version ${version.version} (${version.state}) ${version.id}`);
    for (const warning of version.warnings ?? []) report.line(`  warning: ${warning}`);
    return report.finish(EXIT.ok);
  } catch (error) {
    return failed(report, error);
  }
}

/** SK-2 (the old `npm run skills -- export`): a version written as `<parent>/<name>/`. */
export async function exportCommand(versionId: string, parent: string, options: CommonOptions, io: Io) {
  const report = start(io, options);
  const client = clientFor(report, options);
  if (!client) return report.finish(EXIT.failed);
  try {
    const read = await readZipBundle(await client.exportBundle(versionId));
    if (!read.ok) throw new ServerUnavailable(read.problems.map((p) => p.message).join(" "));
    const written = await writeDirectoryBundle(parent, read.folder, read.bundle);
    report.set("folder", written);
    report.line(`wrote ${written}`);
    return report.finish(EXIT.ok);
  } catch (error) {
    if (error instanceof Error && "code" in error && (error as NodeJS.ErrnoException).code === "EEXIST") {
      report.problem(`${path.join(parent, "…")}: the folder exists already; export into another parent folder.`);
      return report.finish(EXIT.failed);
    }
    return failed(report, error);
  }
}
