import type { FolderReading } from "./local-skills";
import type { Io, Paint } from "./io";
import { planCounts, type PlanEntry } from "./plan";

/** What one run did, for people (lines as it goes) and for machines (`--json`: one object at the end). */
export class Report {
  readonly record: Record<string, unknown> = {};

  constructor(
    readonly io: Io,
    readonly paint: Paint,
    readonly json: boolean,
  ) {}

  line(text = ""): void {
    if (!this.json) this.io.out(`${text}\n`);
  }

  /** Problems and failures go to stderr for people; into the JSON object for machines. */
  problem(text: string): void {
    if (!this.json) this.io.err(`${this.paint.red("error")} ${text}\n`);
    ((this.record.errors ??= []) as string[]).push(text);
  }

  set(key: string, value: unknown): void {
    this.record[key] = value;
  }

  finish(exitCode: number): number {
    if (this.json) this.io.out(`${JSON.stringify({ ...this.record, exit_code: exitCode }, null, 2)}\n`);
    return exitCode;
  }
}

const short = (digest: string) => `${digest.slice(0, 19)}…`;

/** Every problem of every folder, grouped by folder; warnings after them. */
export function reportReading(report: Report, reading: FolderReading): void {
  const { paint } = report;
  report.set(
    "skills",
    reading.skills.map((s) => ({ name: s.name, folder: s.dir, digest: s.digest, warnings: s.warnings })),
  );
  report.set("problems", reading.problems);
  report.set("skipped", reading.skipped);
  let folder: string | null = null;
  for (const problem of reading.problems) {
    if (problem.folder !== folder) {
      folder = problem.folder;
      if (!report.json) report.io.err(`${paint.bold(folder)}\n`);
    }
    if (!report.json) report.io.err(`  ${paint.red("✗")} ${problem.message}\n`);
  }
  for (const skill of reading.skills) {
    for (const warning of skill.warnings) report.line(`${paint.yellow("warning")} ${skill.name}: ${warning}`);
  }
}

/** The plan before anything is written: new, changed (with a short content diff) or unchanged, by digest. */
export function reportPlan(report: Report, plan: readonly PlanEntry[], folder: string, server: string): void {
  const { paint } = report;
  report.set(
    "plan",
    plan.map((entry) => ({
      name: entry.name,
      status: entry.kind,
      local_digest: entry.local.digest,
      ...(entry.kind === "new"
        ? {}
        : { version: entry.remote.version, state: entry.remote.state.toLowerCase(), digest: entry.remote.digest }),
      ...(entry.kind === "changed" ? { diff: entry.diff } : {}),
    })),
  );
  report.line(`Plan for ${folder} on ${server}:`);
  const width = Math.max(0, ...plan.map((entry) => [...entry.name].length));
  for (const entry of plan) {
    const name = entry.name.padEnd(width);
    if (entry.kind === "new") {
      report.line(`  ${paint.green("+")} ${name}  new skill (${short(entry.local.digest)})`);
    } else if (entry.kind === "changed") {
      report.line(
        `  ${paint.yellow("~")} ${name}  changed since version ${entry.remote.version} (${entry.remote.state.toLowerCase()}): a new version (${short(entry.local.digest)})`,
      );
      for (const diff of entry.diff) report.line(`      ${paint.dim(diff)}`);
    } else {
      report.line(
        `  ${paint.dim("=")} ${name}  unchanged: version ${entry.remote.version} (${entry.remote.state.toLowerCase()}, ${short(entry.remote.digest)})`,
      );
    }
  }
  const counts = planCounts(plan);
  report.line(
    `${plan.length} skill${plan.length === 1 ? "" : "s"}: ${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged.`,
  );
}
