import type { ProvenanceService } from "./provenance.service";

/** A public GET answered as JSON, for the composition root to hand to platform/http. */
export interface PublicJsonRoute {
  path: string;
  answer(): Promise<{ body: unknown; cacheSeconds: number }>;
}

export const KEYS_PATH = "/.well-known/skillgraph/keys.json";

/** PV-1: the JWKS, public (anyone verifying an attestation needs it); a new key shows within the cache time. */
export function keysRoute(provenance: ProvenanceService): PublicJsonRoute {
  return { path: KEYS_PATH, answer: async () => ({ body: await provenance.jwks(), cacheSeconds: 300 }) };
}
