import { Alert } from "@mantine/core";
import { when } from "../../shared/format";

/** PV-3: on a revoked version's page, why and since when it is never served. */
export function RevokedNotice({
  version,
}: {
  version: { revoked: boolean; revokedReason?: string | null; revokedAt?: string | null };
}) {
  if (!version.revoked) return null;
  return (
    <Alert color="red" variant="light" title={`Revoked ${when(version.revokedAt)}`} data-testid="revoked-notice">
      {version.revokedReason ? `${version.revokedReason} — ` : ""}this version is never served again, and cannot be
      published, rolled back to or rolled out.
    </Alert>
  );
}
