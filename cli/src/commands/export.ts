import path from "node:path";
import type { Io } from "../io";
import { ServerUnavailable } from "../server-client";
import { readZipBundle, writeDirectoryBundle } from "../skill-format";
import { clientFor, EXIT, failed, start, type CommonOptions } from "./command-kit";

/** SK-2: a version written as `<parent>/<name>/`. */
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
