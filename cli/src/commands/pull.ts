import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { progress, type Io } from "../io";
import { writeLock, type LockFile } from "../lock-file";
import { ServerUnavailable } from "../server-client";
import { readZipBundle, writeDirectoryBundle } from "../skill-format";
import { clientFor, EXIT, failed, start, type CommonOptions } from "./command-kit";

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
