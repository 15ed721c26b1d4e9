import path from "node:path";
import { progress, type Io } from "../io";
import { writeLock, type LockFile } from "../lock-file";
import type { PlanEntry } from "../plan";
import type { Report } from "../report";
import { ServerRefusal, type RemoteVersion, type SkillgraphClient } from "../server-client";
import { writeZipBundle } from "../skill-format";
import { failOnOf, failing, reportReviews, reviewLocal } from "../content-review";
import { EXIT, failed, start, type CommonOptions } from "./command-kit";
import { planned } from "./planned";

export interface PushOptions extends CommonOptions {
  publish?: boolean;
  rollout?: boolean;
  frozen?: boolean;
  failOn?: string;
}

interface StartedRollout {
  name: string;
  version: number;
  rollout_id: string;
  percent: number;
}

/** One push as it goes: the version each folder has on the server now, and the refusals so far. */
class Push {
  readonly versions = new Map<string, RemoteVersion>();
  readonly rollouts: StartedRollout[] = [];
  refusals = 0;

  constructor(
    readonly report: Report,
    readonly client: SkillgraphClient,
  ) {}

  /** A refusal of one folder is reported and counted; the others go on. Anything else stops the push. */
  refuse(name: string, error: unknown): void {
    if (!(error instanceof ServerRefusal)) throw error;
    this.refusals += 1;
    // AP-1: the draft stays pushed; once reviewers approved its digest, --publish publishes it.
    const hint =
      error.details?.reason === "approval_required"
        ? " The draft is pushed; once it holds the approvals (approveVersion, or Approve in the console), push --publish again."
        : "";
    this.report.problem(`${name}: ${error.message}${hint}`);
  }
}

const zipOf = (entry: PlanEntry) => Buffer.from(writeZipBundle(entry.name, entry.local.bundle)).toString("base64");

/**
 * EC-3: new and changed folders become new drafts (through importSkillBundle, the server's own import); `--publish`
 * publishes each folder's version that is a draft, `--rollout` starts a staged rollout of each new one; the lock then
 * records each folder's version and digest.
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
  const failOn = failOnOf(report, options.failOn);
  if (failOn === null) return report.finish(EXIT.failed);
  const push = new Push(report, client);
  // CR-4: what would be written is reviewed first; a folder with a finding at or above --fail-on is not pushed
  const changed = options.frozen ? [] : plan.filter((e) => e.kind !== "unchanged");
  const reviews = await Promise.all(changed.map((e) => reviewLocal(e.local)));
  reportReviews(report, reviews, failOn);
  const held = new Set(reviews.filter((r) => failing(r, failOn).length > 0).map((r) => r.name));
  for (const name of held) {
    push.refusals += 1;
    report.problem(
      `${name}: the content review found ${failOn} or worse, so it was not pushed. Fix the content; or, to leave the decision to the server's policy and an admin's suppression, push it with --fail-on critical.`,
    );
  }
  const toPush = changed.filter((e) => !held.has(e.name));
  for (const entry of plan) if (entry.kind === "unchanged") push.versions.set(entry.name, entry.remote);
  try {
    await pushDrafts(push, toPush, io);
    if (options.rollout) await startRollouts(push, toPush);
    if (options.publish) await publishDrafts(push);
  } catch (error) {
    await saveLock(folder, plan, push.versions, lock, options);
    return failed(report, error);
  }
  await saveLock(folder, plan, push.versions, lock, options);
  report.set(
    "versions",
    [...push.versions].map(([name, v]) => ({
      name,
      version: v.version,
      state: v.state.toLowerCase(),
      digest: v.digest,
    })),
  );
  if (options.rollout) report.set("rollouts", push.rollouts);
  if (push.refusals > 0) {
    report.problem(
      `${push.refusals} refusal${push.refusals === 1 ? "" : "s"}; the lock records what the server holds.`,
    );
    return report.finish(EXIT.failed);
  }
  if (!options.frozen) report.line(`Wrote ${path.join(folder, "skillgraph.lock")}.`);
  return report.finish(EXIT.ok);
}

async function pushDrafts(push: Push, toPush: readonly PlanEntry[], io: Io): Promise<void> {
  const { report, client } = push;
  let done = 0;
  for (const entry of toPush) {
    progress(io, done, toPush.length, `pushing ${entry.name}…`);
    try {
      const version = await client.importBundle(zipOf(entry));
      push.versions.set(entry.name, version);
      report.line(
        `${report.paint.green("pushed")} ${entry.name}: version ${version.version} (${version.state.toLowerCase()})`,
      );
    } catch (error) {
      push.refuse(entry.name, error);
    }
    progress(io, (done += 1), toPush.length, "");
  }
}

/** RO-1: each version this push made starts a staged rollout beside the live one (the server's defaults). */
async function startRollouts(push: Push, pushed: readonly PlanEntry[]): Promise<void> {
  const { report, client } = push;
  for (const entry of pushed) {
    const version = push.versions.get(entry.name);
    if (!version || version.state !== "DRAFT") continue;
    try {
      const rollout = await client.startRollout(version.id);
      push.rollouts.push({
        name: entry.name,
        version: version.version,
        rollout_id: rollout.id,
        percent: rollout.percent,
      });
      report.line(
        `${report.paint.green("rollout")} ${entry.name}: version ${version.version} at ${rollout.percent} % (steps ${rollout.steps.join(", ")}; rollout ${rollout.id})`,
      );
    } catch (error) {
      push.refuse(entry.name, error);
    }
  }
}

async function publishDrafts(push: Push): Promise<void> {
  const { report, client } = push;
  for (const [name, version] of push.versions) {
    if (version.state !== "DRAFT") continue;
    try {
      push.versions.set(name, await client.publish(version.id));
      report.line(`${report.paint.green("published")} ${name}: version ${version.version}`);
    } catch (error) {
      push.refuse(name, error);
    }
  }
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
