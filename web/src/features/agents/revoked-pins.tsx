import { Alert, Anchor, List } from "@mantine/core";
import { Link } from "react-router";

interface Usage {
  skill: string;
  pinned: boolean;
  resolvesTo?: { id: string; version: number; revoked: boolean; revokedReason?: string | null } | null;
}

/** PV-3: the entries of this agent pinned to a revoked version — its calls start without those skills. */
export function RevokedPins({ usage }: { usage: readonly Usage[] }) {
  const revoked = usage.filter((u) => u.pinned && u.resolvesTo?.revoked);
  if (revoked.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="Pinned to revoked versions" data-testid="revoked-pins">
      <List size="sm">
        {revoked.map((u) => (
          <List.Item key={u.skill}>
            <code>{u.skill}</code> is pinned to{" "}
            <Anchor component={Link} to={`/skills/v/${u.resolvesTo!.id}`}>
              version {u.resolvesTo!.version}
            </Anchor>
            , which was revoked{u.resolvesTo!.revokedReason ? ` (${u.resolvesTo!.revokedReason})` : ""}: calls start
            without this skill, with a warning. Pin another version, or follow the live one.
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
