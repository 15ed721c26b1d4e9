import type { Io } from "../io";
import { EXIT, type CommonOptions } from "./command-kit";
import { planned } from "./planned";

/** EC-3: what a push would do, per skill folder (new, changed with a short diff, unchanged by digest). */
export async function diffCommand(folder: string, options: CommonOptions & { frozen?: boolean }, io: Io) {
  const result = await planned(folder, options, io);
  return typeof result === "number" ? result : result.report.finish(EXIT.ok);
}
