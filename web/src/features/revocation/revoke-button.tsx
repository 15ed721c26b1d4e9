import { Button } from "@mantine/core";
import { useState } from "react";
import { useSession } from "../sign-in/session-context";
import { RevokeDialog } from "./revoke-dialog";

/** PV-3 on a version's page: admins only; a revoked version has none. */
export function RevokeButton({
  version,
}: {
  version: { id: string; name: string; version: number; state: string; revoked: boolean };
}) {
  const { session } = useSession();
  const [opened, setOpened] = useState(false);
  if (session?.role !== "ADMIN" || version.revoked) return null;
  return (
    <>
      <Button size="sm" variant="subtle" color="red" onClick={() => setOpened(true)}>
        Revoke…
      </Button>
      {opened ? (
        <RevokeDialog onClose={() => setOpened(false)} version={version} projectId={session.project?.id ?? null} />
      ) : null}
    </>
  );
}
