import type { FindingSeverity } from "../../gql/graphql";
import { FAILED_COLOR, MUTED_COLOR, WARN_COLOR } from "../../shared/format";

/** CR-1: how a severity looks; HIGH and CRITICAL block by default (CR-3). */
export function severityColor(severity: FindingSeverity | null | undefined): string {
  if (severity === "CRITICAL" || severity === "HIGH") return FAILED_COLOR;
  if (severity === "MEDIUM") return WARN_COLOR;
  return MUTED_COLOR;
}

export const SEVERITY_CHOICES: Array<{ value: FindingSeverity; label: string }> = [
  { value: "LOW" as FindingSeverity, label: "Low and above" },
  { value: "MEDIUM" as FindingSeverity, label: "Medium and above" },
  { value: "HIGH" as FindingSeverity, label: "High and above (default)" },
  { value: "CRITICAL" as FindingSeverity, label: "Critical only" },
];
