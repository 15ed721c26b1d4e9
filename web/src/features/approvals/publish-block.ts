/** AP-1: why a version cannot be published yet under the policy, in words for the Publish button; null when it can. */
export function publishBlock(
  policy: { requiredApprovals: number } | null | undefined,
  approvals: ReadonlyArray<{ current: boolean }> | null | undefined,
): string | null {
  const required = policy?.requiredApprovals ?? 0;
  if (required === 0) return null;
  const current = (approvals ?? []).filter((a) => a.current).length;
  if (current >= required) return null;
  return `Needs ${required} approval${required === 1 ? "" : "s"}, has ${current}`;
}

/** A digest as a person scans it: the algorithm and the first 12 hex digits. */
export const shortDigest = (digest: string) => {
  const [algorithm, hex = ""] = digest.split(":");
  return `${algorithm}:${hex.slice(0, 12)}…`;
};
