// The revocation module's face (PV-3): revoking a skill version, revocations.json.
export { SkillVersionRevoked } from "./revocation.events";
export { RevocationResolver } from "./revocation.resolver";
export { REVOCATIONS_PATH, revocationsRoute } from "./revocation.routes";
export { RevocationService, type RevokedEntry } from "./revocation.service";
