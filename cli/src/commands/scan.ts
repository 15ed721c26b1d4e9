import path from "node:path";
import { failOnOf, failing, reportReviews, reviewLocal, sarifOf } from "../content-review";
import type { Io } from "../io";
import { EXIT, readValid, start, type CommonOptions } from "./command-kit";

export interface ScanOptions extends CommonOptions {
  format?: string;
  failOn?: string;
}

const FORMATS = ["text", "json", "sarif"];

/**
 * CR-4: every skill folder reviewed offline by the server's own scanner; `--format sarif` prints SARIF 2.1.0 (for
 * code scanning in CI); exit 1 when a finding is at or above `--fail-on` (default high).
 */
export async function scanCommand(folder: string, options: ScanOptions, io: Io): Promise<number> {
  const format = options.format ?? (options.json ? "json" : "text");
  const report = start(io, { ...options, json: format !== "text" });
  if (!FORMATS.includes(format)) {
    report.problem(`--format must be one of ${FORMATS.join(", ")}; it is '${format}'.`);
    return report.finish(EXIT.failed);
  }
  const failOn = failOnOf(report, options.failOn);
  if (failOn === null) return report.finish(EXIT.failed);
  const reading = await readValid(report, folder);
  if (!reading) return report.finish(EXIT.failed);
  const reviews = [];
  for (const skill of reading.skills) reviews.push(await reviewLocal(skill));
  const exit = reviews.some((r) => failing(r, failOn).length > 0) ? EXIT.failed : EXIT.ok;
  if (format === "sarif") {
    io.out(`${JSON.stringify(sarifOf(reviews, path.resolve(folder)), null, 2)}\n`);
    return exit;
  }
  reportReviews(report, reviews, failOn);
  report.set("fail_on", failOn.toLowerCase());
  const failed = reviews.filter((r) => failing(r, failOn).length > 0).length;
  report.line(
    failed === 0
      ? `${reviews.length} skill folder${reviews.length === 1 ? "" : "s"} reviewed: none has a finding at or above ${failOn}.`
      : `${failed} of ${reviews.length} skill folder${reviews.length === 1 ? "" : "s"} with a finding at or above ${failOn}.`,
  );
  return report.finish(exit);
}
