import { failOnOf, failing, reportReviews, reviewLocal } from "../content-review";
import type { Io } from "../io";
import { EXIT, readValid, start, type CommonOptions } from "./command-kit";

/**
 * EC-3, CR-4: every skill folder checked offline with the server's own validator and reviewed by its scanner; every
 * problem reported; exit 1 on a problem or a finding at or above `--fail-on` (default high).
 */
export async function validateCommand(
  folder: string,
  options: CommonOptions & { failOn?: string },
  io: Io,
): Promise<number> {
  const report = start(io, options);
  const failOn = failOnOf(report, options.failOn);
  if (failOn === null) return report.finish(EXIT.failed);
  const reading = await readValid(report, folder);
  if (!reading) return report.finish(EXIT.failed);
  const reviews = await Promise.all(reading.skills.map(reviewLocal));
  reportReviews(report, reviews, failOn);
  const blocked = reviews.filter((r) => failing(r, failOn).length > 0);
  if (blocked.length > 0) {
    report.problem(
      `${blocked.map((r) => r.name).join(", ")}: the content review found ${failOn} or worse; the server would refuse to publish ${blocked.length === 1 ? "it" : "them"} until an admin suppresses each finding.`,
    );
    return report.finish(EXIT.failed);
  }
  report.line(
    `${report.paint.green("✓")} ${reading.skills.length} skill folder${reading.skills.length === 1 ? "" : "s"} valid: ${reading.skills.map((s) => s.name).join(", ")}`,
  );
  return report.finish(EXIT.ok);
}
