import { createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/*
 * PV-1, SEC-26: the deployment's Ed25519 signing key, given as SIGNING_KEY — base64 of a 32-byte seed, or a PKCS#8
 * PEM. Its public half is published as a JWK whose `kid` is the RFC 7638 thumbprint, so the same key always has the
 * same kid on every instance and after every restart, and a new key always has another.
 */

/** A SIGNING_KEY that is not an Ed25519 key in one of the accepted forms; its message never quotes the key. */
export class SigningKeyError extends Error {}

export interface SigningKey {
  readonly privateKey: KeyObject;
  readonly kid: string;
  /** The public JWK: `{ kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" }`. */
  readonly jwk: PublicJwk;
}

export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  alg: "EdDSA";
  use: "sig";
}

// The DER header of a PKCS#8 Ed25519 private key holding a bare 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

const SHAPE =
  "SIGNING_KEY must be an Ed25519 key: base64 of a 32-byte seed (e.g. `openssl rand -base64 32`) or a PKCS#8 PEM (`openssl genpkey -algorithm ed25519`)";

export function parseSigningKey(text: string): SigningKey {
  const value = text.trim();
  let privateKey: KeyObject;
  if (value.startsWith("-----BEGIN")) {
    try {
      privateKey = createPrivateKey({ key: value, format: "pem" });
    } catch {
      throw new SigningKeyError(`${SHAPE}; the PEM given could not be read as a private key.`);
    }
    if (privateKey.asymmetricKeyType !== "ed25519") {
      throw new SigningKeyError(
        `${SHAPE}; the PEM given holds a ${privateKey.asymmetricKeyType ?? "non-Ed25519"} key.`,
      );
    }
  } else {
    const seed = /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? Buffer.from(value, "base64") : null;
    if (!seed || seed.length !== 32) {
      throw new SigningKeyError(
        `${SHAPE}; it is ${seed ? `base64 of ${seed.length} bytes` : "neither base64 nor a PEM"}.`,
      );
    }
    privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
  }
  const x = createPublicKey(privateKey).export({ format: "jwk" }).x!;
  const kid = ed25519Thumbprint(x);
  return { privateKey, kid, jwk: { kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" } };
}

/** RFC 7638: base64url SHA-256 of the required members in lexicographic order, without spaces. */
export function ed25519Thumbprint(x: string): string {
  return createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest("base64url");
}
