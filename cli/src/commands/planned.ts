import type { Io } from "../io";
import { frozenDifferences, readLock, type LockFile } from "../lock-file";
import { planOf, type PlanEntry } from "../plan";
import { reportPlan, type Report } from "../report";
import type { SkillgraphClient } from "../server-client";
import { clientFor, EXIT, failed, readValid, serverUrl, start, type CommonOptions } from "./command-kit";

export interface Planned {
  report: Report;
  client: SkillgraphClient;
  plan: PlanEntry[];
  lock: LockFile | null;
}

/** Validate, ask the server for the newest version of each name, print the plan; `--frozen` compares with the lock. */
export async function planned(
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
