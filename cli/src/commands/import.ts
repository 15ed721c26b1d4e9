import type { Io } from "../io";
import { readDirectoryBundle, writeZipBundle } from "../skill-format";
import { clientFor, EXIT, failed, start, type CommonOptions } from "./command-kit";

/** SK-2: one skill folder becomes the skill's next draft. */
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
