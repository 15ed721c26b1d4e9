import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { ATTESTATION_DIR, ATTESTATION_FILE } from "../attestation";
import { progress, type Io } from "../io";
import { writeLock, type LockFile } from "../lock-file";
import { ServerUnavailable } from "../server-client";
import { readZipBundle, writeDirectoryBundle } from "../skill-format";
import { clientFor, EXIT, failed, start, type CommonOptions } from "./command-kit";

/**
 * EC-3: every live version written as `<folder>/<name>/` (replacing the folder that was there) with its signed
 * attestation in `<name>/.skillgraph/attestation.json` (PV-2), and the lock.
 */
export async function pullCommand(folder: string, options: CommonOptions, io: Io): Promise<number> {
  const report = start(io, options);
  const client = clientFor(report, options);
  if (!client) return report.finish(EXIT.failed);
  try {
    const live = await client.liveVersions();
    await fs.mkdir(folder, { recursive: true });
    const staging = await fs.mkdtemp(path.join(folder, `.skillgraph-pull-${randomBytes(3).toString("hex")}-`));
    const lock: LockFile = { skills: {} };
    const unsigned: string[] = [];
    try {
      let done = 0;
      for (const version of live) {
        progress(io, done, live.length, `pulling ${version.name}…`);
        const read = await readZipBundle(await client.exportBundle(version.id));
        if (!read.ok) throw new ServerUnavailable(read.problems.map((p) => p.message).join(" "));
        const written = await writeDirectoryBundle(staging, read.folder, read.bundle);
        // PV-2: the signed attestation beside the files, for `skillgraph verify`; none for a version published
        // before the server signed
        const attestation = await client.attestation(version.id);
        if (attestation !== null) {
          await fs.mkdir(path.join(written, ATTESTATION_DIR));
          await fs.writeFile(path.join(written, ATTESTATION_FILE), `${JSON.stringify(attestation, null, 2)}\n`, {
            flag: "wx",
          });
        } else unsigned.push(version.name);
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
    if (unsigned.length > 0) {
      report.line(
        `${report.paint.yellow("note")} ${unsigned.join(", ")}: published before the server signed versions; no attestation to verify.`,
      );
    }
    report.set("unsigned", unsigned);
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
