// Authorisation, the bottom layer of the modules: who is calling, and the one place a request is scoped to a project.
export {
  AuthService,
  TENANCY_TOPIC,
  type AuthContext,
  type CredentialStore,
  type ProjectScope,
  type StoredCredential,
} from "./auth.service";
export {
  API_KEY_PREFIX,
  PLATFORM_TOKEN_PREFIX,
  bearerCredential,
  generateApiKey,
  generatePlatformToken,
} from "./credentials";
