import { useQuery } from "@apollo/client/react";
import { Button, Code, Group, Paper, Stack, Text } from "@mantine/core";
import { graphql } from "../../gql";
import { ErrorNotice } from "../../shared/states";

const SKILL_VERSION_ATTESTATION = graphql(`
  query SkillVersionAttestation($id: ID!) {
    skillVersion(id: $id) {
      id
      attestation
    }
  }
`);

interface Envelope {
  payloadType: string;
  payload: string;
  signatures: Array<{ keyid: string; sig: string }>;
}

/** Saves the attestation as `<skill>@<version>.attestation.json` through a blob URL (the CSP needs nothing extra). */
function download(name: string, envelope: Envelope): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(envelope, null, 2)}\n`], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * PV-2: a published (or archived) version says it was signed at publish and by which key, with the DSSE envelope to
 * download and verify (docs/provenance.md); a version published before signing began says it has none. The editor
 * shows it for a version that is not a draft, and hands it the version's name and number.
 */
export function AttestationPanel({ versionId, name, version }: { versionId: string; name: string; version: number }) {
  const { data, error } = useQuery(SKILL_VERSION_ATTESTATION, { variables: { id: versionId } });
  if (error) return <ErrorNotice error={error} title="The attestation could not be read" />;
  if (!data?.skillVersion) return null;
  const envelope = data.skillVersion.attestation as Envelope | null;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Provenance" data-testid="attestation-panel">
      {envelope ? (
        <Group gap="sm" justify="space-between">
          <Stack gap={2} style={{ flex: "1 1 16rem", minWidth: 0 }}>
            <Text size="sm">
              Signed by this deployment at publish (key{" "}
              <Code style={{ overflowWrap: "anywhere" }}>{envelope.signatures[0]?.keyid}</Code>)
            </Text>
            <Text size="xs" c="dimmed">
              Anyone can verify it with the public keys at{" "}
              <Code style={{ overflowWrap: "anywhere" }}>/.well-known/skillgraph/keys.json</Code>.
            </Text>
          </Stack>
          <Button
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            onClick={() => download(`${name}@${version}.attestation.json`, envelope)}
          >
            Download attestation
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Not signed: this version went live before the deployment signed publishes.
        </Text>
      )}
    </Paper>
  );
}
