import path from "node:path";
import type { Log, ReportingDescriptor, Result } from "sarif";
import type { LocalSkill } from "./local-skills";
import type { Report } from "./report";
import { atLeast, reviewSkill, RULES_VERSION, SEVERITIES, type Finding, type Severity } from "./skill-format";

/** One skill folder's review, by the server's own scanner, offline (CR-4). */
export interface SkillReview {
  name: string;
  dir: string;
  highest: Severity | null;
  findings: Finding[];
}

export async function reviewLocal(skill: LocalSkill): Promise<SkillReview> {
  const review = await reviewSkill({ skillMd: skill.bundle.skillMd, files: skill.bundle.files });
  return { name: skill.name, dir: skill.dir, highest: review.highest, findings: review.findings };
}

/** `--fail-on low|medium|high|critical` as a severity; null (after saying why) for anything else. */
export function failOnOf(report: Report, value: string | undefined): Severity | null {
  const severity = (value ?? "high").toUpperCase();
  if ((SEVERITIES as readonly string[]).includes(severity)) return severity as Severity;
  report.problem(`--fail-on must be one of ${SEVERITIES.map((s) => s.toLowerCase()).join(", ")}; it is '${value}'.`);
  return null;
}

export const failing = (review: SkillReview, failOn: Severity) =>
  review.findings.filter((f) => atLeast(f.severity, failOn));

/** Each folder's findings for people: severity, rule, place, why, and the excerpt with hidden characters visible. */
export function reportReviews(report: Report, reviews: readonly SkillReview[], failOn: Severity): void {
  const { paint } = report;
  report.set(
    "reviews",
    reviews.map((r) => ({
      name: r.name,
      folder: r.dir,
      highest: r.highest,
      rules_version: RULES_VERSION,
      findings: r.findings,
    })),
  );
  for (const review of reviews) {
    if (review.findings.length === 0) {
      report.line(`${paint.green("✓")} ${review.name}: no finding`);
      continue;
    }
    const blocking = failing(review, failOn).length;
    report.line(
      `${blocking > 0 ? paint.red("✗") : paint.yellow("!")} ${paint.bold(review.name)}: ${review.findings.length} finding${review.findings.length === 1 ? "" : "s"}, highest ${review.highest}${blocking > 0 ? ` (${blocking} at or above ${failOn})` : ""}`,
    );
    for (const f of review.findings) {
      const where = `${f.path}${f.line === null ? "" : `:${f.line}:${f.column}`}`;
      const colour = atLeast(f.severity, "HIGH") ? paint.red : paint.yellow;
      report.line(`  ${colour(f.severity.padEnd(8))} ${f.rule}  ${where}`);
      report.line(`           ${paint.dim(f.excerpt)}`);
      report.line(`           ${f.message}`);
    }
  }
}

const LEVEL: Record<Severity, Result.level> = { LOW: "note", MEDIUM: "warning", HIGH: "error", CRITICAL: "error" };
/** GitHub code scanning reads a rule's `security-severity` (0–10) to rank alerts. */
const SECURITY_SEVERITY: Record<Severity, string> = { LOW: "2.0", MEDIUM: "5.0", HIGH: "8.0", CRITICAL: "9.5" };

/** SARIF 2.1.0 of the reviews: one run of the scanner, a result per finding at `<folder>/<path>`. */
export function sarifOf(reviews: readonly SkillReview[], root: string): Log {
  const rules = new Map<string, ReportingDescriptor>();
  const results: Result[] = [];
  for (const review of reviews) {
    const base = relativeDir(review.dir, path.resolve(root));
    for (const f of review.findings) {
      if (!rules.has(f.rule)) {
        rules.set(f.rule, {
          id: f.rule,
          shortDescription: { text: f.message.split(/\.\s(?=[A-Z])/)[0]!.slice(0, 200) },
          fullDescription: { text: f.message },
          defaultConfiguration: { level: LEVEL[f.severity] },
          properties: { "security-severity": SECURITY_SEVERITY[f.severity], tags: ["security", "skills"] },
        });
      }
      const uri = encodeURI(`${base}${f.path === "bundle" ? "SKILL.md" : f.path}`);
      results.push({
        ruleId: f.rule,
        level: LEVEL[f.severity],
        message: { text: `${f.message} Excerpt: ${f.excerpt}` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri },
              ...(f.line === null ? {} : { region: { startLine: f.line, startColumn: f.column ?? 1 } }),
            },
          },
        ],
        partialFingerprints: { "skillgraph/finding/v1": f.id },
        properties: { severity: f.severity, skill: review.name },
      });
    }
  }
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "skillgraph scan", version: RULES_VERSION, rules: [...rules.values()] } },
        results,
      },
    ],
  };
}

/** `skills/pdf/` of `/repo/skills/pdf` under `/repo` ("" when the folder is the skill). */
function relativeDir(dir: string, root: string): string {
  const rel = path.relative(root, path.resolve(dir));
  return rel === "" ? "" : `${rel.replaceAll("\\", "/")}/`;
}
