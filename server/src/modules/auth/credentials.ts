import { randomToken, sha256Hex } from "../../platform/crypto";

/** Recognisable prefixes (SEC-8): secret scanners and people can tell a Skillgraph credential at a glance. */
export const API_KEY_PREFIX = "sgk_";
export const PLATFORM_TOKEN_PREFIX = "sgp_";
const LOOKUP_LENGTH = API_KEY_PREFIX.length + 12;

export interface NewApiKey {
  key: string;
  lookup: string;
  hash: string;
}

export function generateApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomToken(48)}`;
  return { key, lookup: key.slice(0, LOOKUP_LENGTH), hash: sha256Hex(key) };
}

export function generatePlatformToken(): string {
  return `${PLATFORM_TOKEN_PREFIX}${randomToken(43)}`;
}

/** The lookup part of a well-formed API key, or null for anything else. */
export function apiKeyLookup(candidate: string): string | null {
  return /^sgk_[A-Za-z0-9]{48}$/.test(candidate) ? candidate.slice(0, LOOKUP_LENGTH) : null;
}

/**
 * The credential in an `Authorization: Bearer <credential>` header; null when the header is absent. The scheme is
 * any case and its separator one or more spaces or tabs (RFC 7235: `auth-scheme 1*SP token68`).
 */
export function bearerCredential(header: string | undefined): { credential: string } | { malformed: true } | null {
  if (header === undefined || header === "") return null;
  const match = /^Bearer[ \t]+([\x21-\x7e]{1,512})$/i.exec(header.trim());
  return match ? { credential: match[1]! } : { malformed: true };
}
