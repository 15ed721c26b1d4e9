import { LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { DsseEnvelope } from "./dsse";
import type { ProvenanceService } from "./provenance.service";

export const ATTESTATION_BY_VERSION = new LoaderKey<string, DsseEnvelope | null>("attestationByVersion");

export function registerProvenanceLoaders(registry: LoaderRegistry, provenance: ProvenanceService): void {
  registry.register(ATTESTATION_BY_VERSION, async (ids) => {
    const byId = await provenance.attestationsOf(ids);
    return ids.map((id) => byId.get(id) ?? null);
  });
}
