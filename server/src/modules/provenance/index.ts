// Provenance (PV-1, PV-2, SEC-26): the deployment's Ed25519 signing key, its JWKS, and the DSSE attestation every
// publish signs in its transaction. The skills module calls `attest` through its PublishAttestor port:
//   await provenance.attest(tx, version, actor);
export { SigningKeyEntity, SkillAttestationEntity } from "./provenance.entity";
export { ProvenanceService, type Jwks } from "./provenance.service";
export { registerProvenanceLoaders } from "./provenance.loaders";
export { SkillVersionAttestationResolver } from "./provenance.resolver";
export { keysRoute, KEYS_PATH, type PublicJsonRoute } from "./provenance.routes";
export {
  publicKeyOfJwk,
  signEnvelope,
  verifyEnvelope,
  type DsseEnvelope,
  type EnvelopeCheck,
  type TrustedKeys,
} from "./dsse";
export { type PublishStatement } from "./statement";
