import { Alert } from "@mantine/core";

/** The discovery RFC's names (PV-4): 1–64 of a-z, 0-9 and single hyphens, not at either end; as the server checks. */
const RFC_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_DESCRIPTION = 1024;

/** Why a live skill is left out of /.well-known/agent-skills/index.json, or null when it is listed. */
export function discoveryOmission(skill: { name: string; description: string }): string | null {
  if (skill.name.length > 64 || !RFC_NAME.test(skill.name))
    return "its name is not one the Agent Skills discovery format allows (a-z, 0-9 and single hyphens, at most 64)";
  if (skill.description.length > MAX_DESCRIPTION)
    return `its description is longer than the format's ${MAX_DESCRIPTION} characters`;
  return null;
}

/** PV-4: on a live version's page, when the discovery index leaves the skill out, and why. */
export function DiscoveryNotice({ version }: { version: { name: string; description: string; state: string } }) {
  const why = version.state === "PUBLISHED" ? discoveryOmission(version) : null;
  if (!why) return null;
  return (
    <Alert color="gray" variant="light" title="Not in the discovery index" data-testid="discovery-omitted">
      /.well-known/agent-skills/index.json leaves {version.name} out: {why}. Calls, MCP and the Skills API serve it as
      usual.
    </Alert>
  );
}
