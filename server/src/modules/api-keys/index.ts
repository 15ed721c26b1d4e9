// API-key management: issue, revoke, list — and the key lookup that authentication reads.
export { ApiKeyEntity } from "./api-key.entity";
export { registerApiKeyLoaders } from "./api-key.loaders";
export { ApiKeyResolver, AuditActorResolver, AUTHOR_NAME, authorName } from "./api-key.resolver";
export { ApiKeyService, type IssuedApiKey } from "./api-key.service";
