import type { Io } from "../io";
import { EXIT, readValid, start, type CommonOptions } from "./command-kit";

/** EC-3: every skill folder checked offline with the server's own validator, every problem reported. */
export async function validateCommand(folder: string, options: CommonOptions, io: Io): Promise<number> {
  const report = start(io, options);
  const reading = await readValid(report, folder);
  if (!reading) return report.finish(EXIT.failed);
  report.line(
    `${report.paint.green("✓")} ${reading.skills.length} skill folder${reading.skills.length === 1 ? "" : "s"} valid: ${reading.skills.map((s) => s.name).join(", ")}`,
  );
  return report.finish(EXIT.ok);
}
