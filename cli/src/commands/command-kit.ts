import { paintFor, type Io } from "../io";
import { readSkillsFolder, type FolderReading } from "../local-skills";
import { LockFileError } from "../lock-file";
import { Report, reportReading } from "../report";
import { ServerRefusal, ServerUnavailable, SkillgraphClient } from "../server-client";

/** api.md: 0 done or no change, 1 refused or failed, 2 `--frozen` and the folder differs from the lock or the server. */
export const EXIT = { ok: 0, failed: 1, frozen: 2 } as const;

export interface CommonOptions {
  json?: boolean;
  url?: string;
}

const DEFAULT_URL = "http://localhost:4000";

export function start(io: Io, options: CommonOptions): Report {
  return new Report(io, paintFor(io, Boolean(options.json)), Boolean(options.json));
}

export function serverUrl(io: Io, options: CommonOptions): string {
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
export function clientFor(report: Report, options: CommonOptions): SkillgraphClient | null {
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
export async function readValid(report: Report, folder: string): Promise<FolderReading | null> {
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
export function failed(report: Report, error: unknown): number {
  if (error instanceof ServerUnavailable || error instanceof ServerRefusal || error instanceof LockFileError) {
    report.problem(error.message);
    return report.finish(EXIT.failed);
  }
  const problem = fileSystemProblem(error);
  if (problem === null) throw error;
  report.problem(problem);
  return report.finish(EXIT.failed);
}
