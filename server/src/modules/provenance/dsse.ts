import { createPublicKey, sign, verify, type KeyObject } from "node:crypto";

/*
 * DSSE (the Dead Simple Signing Envelope, v1.0) over Ed25519, with node:crypto only: what a publish attestation is
 * signed and checked with (PV-2). The signature covers the pre-authentication encoding of the payload type and the
 * payload's bytes, so neither can be swapped without breaking it.
 */

export const IN_TOTO_PAYLOAD_TYPE = "application/vnd.in-toto+json";

export interface DsseSignature {
  keyid: string;
  /** base64 */
  sig: string;
}

export interface DsseEnvelope {
  payloadType: string;
  /** base64 of the serialized body */
  payload: string;
  signatures: DsseSignature[];
}

/** DSSE's PAE: `"DSSEv1" SP LEN(type) SP type SP LEN(body) SP body`, lengths as ASCII decimal byte counts. */
export function pae(payloadType: string, body: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, "utf8");
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, "utf8"),
    type,
    Buffer.from(` ${body.length} `, "utf8"),
    body,
  ]);
}

/** An Ed25519 private key signs the envelope of `body`; `keyid` names the public key that verifies it. */
export function signEnvelope(payloadType: string, body: Uint8Array, key: KeyObject, keyid: string): DsseEnvelope {
  const sig = sign(null, pae(payloadType, body), key).toString("base64");
  return { payloadType, payload: Buffer.from(body).toString("base64"), signatures: [{ keyid, sig }] };
}

/** DSSE allows standard and URL-safe base64; anything else is refused rather than decoded leniently. */
export function decodeBase64(text: unknown): Buffer | null {
  if (typeof text !== "string" || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
}

/** The public keys a verifier trusts, by kid (a JWKS's OKP/Ed25519 keys). */
export type TrustedKeys = ReadonlyMap<string, KeyObject>;

export type EnvelopeCheck =
  | { ok: true; keyid: string; body: Buffer }
  | { ok: false; reason: "malformed" | "payload_type" | "unknown_key" | "bad_signature" };

/**
 * Verifies the envelope against the trusted keys: a signature whose keyid is a trusted key and that verifies over
 * PAE(payloadType, payload) accepts it. The keyid only selects the key; the signature decides.
 */
export function verifyEnvelope(
  envelope: unknown,
  keys: TrustedKeys,
  payloadType = IN_TOTO_PAYLOAD_TYPE,
): EnvelopeCheck {
  const e = envelope as Partial<DsseEnvelope> | null;
  if (!e || typeof e !== "object" || typeof e.payloadType !== "string" || !Array.isArray(e.signatures)) {
    return { ok: false, reason: "malformed" };
  }
  const body = decodeBase64(e.payload);
  if (!body) return { ok: false, reason: "malformed" };
  if (e.payloadType !== payloadType) return { ok: false, reason: "payload_type" };
  const message = pae(e.payloadType, body);
  let known = false;
  for (const signature of e.signatures as unknown[]) {
    const { keyid, sig } = (signature ?? {}) as Partial<DsseSignature>;
    const key = typeof keyid === "string" ? keys.get(keyid) : undefined;
    const bytes = decodeBase64(sig);
    if (!key || !bytes) continue;
    known = true;
    if (verify(null, message, key, bytes)) return { ok: true, keyid: keyid!, body };
  }
  return { ok: false, reason: known ? "bad_signature" : "unknown_key" };
}

/** An Ed25519 public key from a JWKS entry; null for any other kind of key. */
export function publicKeyOfJwk(jwk: unknown): KeyObject | null {
  const k = jwk as { kty?: unknown; crv?: unknown; x?: unknown } | null;
  if (!k || k.kty !== "OKP" || k.crv !== "Ed25519" || typeof k.x !== "string") return null;
  try {
    return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: k.x }, format: "jwk" });
  } catch {
    return null;
  }
}
