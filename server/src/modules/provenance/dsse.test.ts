import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSigningKey } from "../../platform/signing-key";
import { IN_TOTO_PAYLOAD_TYPE, pae, publicKeyOfJwk, signEnvelope, verifyEnvelope, type DsseEnvelope } from "./dsse";

// The DSSE protocol's own test vector (secure-systems-lab/dsse, protocol.md "Test Vectors").
const SPEC = {
  body: "hello world",
  payloadType: "http://example.com/HelloWorld",
  pae: "DSSEv1 29 http://example.com/HelloWorld 11 hello world",
  x: "46950820868899156662930047687818585632848591499744589407958293238635476079160",
  y: "5640078356564379163099075877009565129882514886557779369047442380624545832820",
  sig: "A3JqsQGtVsJ2O2xqrI5IcnXip5GToJ3F+FnZ+O88SjtR6rDAajabZKciJTfUiHqJPcIAriEGAHTVeCUjW2JIZA==",
};

const coordinate = (decimal: string) =>
  Buffer.from(BigInt(decimal).toString(16).padStart(64, "0"), "hex").toString("base64url");

const key = parseSigningKey(Buffer.alloc(32, 7).toString("base64"));
const trusted = new Map([[key.kid, createPublicKey(key.privateKey)]]);
const statement = Buffer.from(JSON.stringify({ _type: "https://in-toto.io/Statement/v1", subject: [] }));

describe("DSSE (PV-2)", () => {
  it("PV-2 the pre-authentication encoding is the DSSE spec's own example, byte for byte", () => {
    expect(pae(SPEC.payloadType, Buffer.from(SPEC.body)).toString("utf8")).toBe(SPEC.pae);
  });

  it("PV-2 the DSSE spec's example signature (ECDSA P-256) verifies over our encoding", () => {
    const publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: coordinate(SPEC.x), y: coordinate(SPEC.y) },
      format: "jwk",
    });
    const message = pae(SPEC.payloadType, Buffer.from(SPEC.body));
    const sig = Buffer.from(SPEC.sig, "base64");
    expect(verify("sha256", message, { key: publicKey, dsaEncoding: "ieee-p1363" }, sig)).toBe(true);
    expect(verify("sha256", Buffer.from(SPEC.body), { key: publicKey, dsaEncoding: "ieee-p1363" }, sig)).toBe(false);
  });

  it("PV-2 lengths are byte counts, not characters (a multi-byte payload type and body)", () => {
    expect(pae("application/ü", Buffer.from("é", "utf8")).toString("utf8")).toBe("DSSEv1 14 application/ü 2 é");
  });

  it("PV-2 an envelope signed with the deployment key verifies with its JWK and names its kid", () => {
    const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, statement, key.privateKey, key.kid);
    expect(envelope).toEqual({
      payloadType: IN_TOTO_PAYLOAD_TYPE,
      payload: statement.toString("base64"),
      signatures: [{ keyid: key.kid, sig: expect.any(String) }],
    });
    const check = verifyEnvelope(envelope, new Map([[key.kid, publicKeyOfJwk(key.jwk)!]]));
    expect(check).toEqual({ ok: true, keyid: key.kid, body: statement });
  });

  it("SEC-26 a changed statement never verifies (any byte, any position)", () => {
    const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, statement, key.privateKey, key.kid);
    fc.assert(
      fc.property(fc.nat({ max: statement.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const changed = Buffer.from(statement);
        changed[at] = changed[at]! ^ flip;
        const forged: DsseEnvelope = { ...envelope, payload: changed.toString("base64") };
        expect(verifyEnvelope(forged, trusted)).toEqual({ ok: false, reason: "bad_signature" });
      }),
    );
  });

  it("SEC-26 a changed signature never verifies (any byte, any position)", () => {
    const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, statement, key.privateKey, key.kid);
    const sig = Buffer.from(envelope.signatures[0]!.sig, "base64");
    fc.assert(
      fc.property(fc.nat({ max: sig.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const changed = Buffer.from(sig);
        changed[at] = changed[at]! ^ flip;
        const forged = { ...envelope, signatures: [{ keyid: key.kid, sig: changed.toString("base64") }] };
        expect(verifyEnvelope(forged, trusted).ok).toBe(false);
      }),
    );
  });

  it("SEC-26 any statement signed by another key does not verify, whatever kid it claims", () => {
    const other = generateKeyPairSync("ed25519").privateKey;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 512 }), (body) => {
        const forged = signEnvelope(IN_TOTO_PAYLOAD_TYPE, body, other, key.kid);
        expect(verifyEnvelope(forged, trusted)).toEqual({ ok: false, reason: "bad_signature" });
        const genuine = signEnvelope(IN_TOTO_PAYLOAD_TYPE, body, key.privateKey, key.kid);
        expect(verifyEnvelope(genuine, trusted).ok).toBe(true);
      }),
    );
  });

  it("SEC-26 a changed payload type, an unknown kid or a malformed envelope is refused", () => {
    const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, statement, key.privateKey, key.kid);
    expect(verifyEnvelope({ ...envelope, payloadType: "application/json" }, trusted).ok).toBe(false);
    const retyped = signEnvelope("application/json", statement, key.privateKey, key.kid);
    expect(verifyEnvelope(retyped, trusted)).toEqual({ ok: false, reason: "payload_type" });
    const unknown = { ...envelope, signatures: [{ ...envelope.signatures[0]!, keyid: "someone-else" }] };
    expect(verifyEnvelope(unknown, trusted)).toEqual({ ok: false, reason: "unknown_key" });
    for (const malformed of [
      null,
      "x",
      {},
      { ...envelope, payload: "not base64!" },
      { ...envelope, signatures: "x" },
    ]) {
      expect(verifyEnvelope(malformed, trusted)).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
