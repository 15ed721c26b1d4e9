import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  SecretBox,
  SecretKeyError,
  SecretTampered,
  constantTimeEqualHex,
  parseSecretKey,
  randomToken,
  sha256Hex,
} from "./crypto";

const key = () => randomBytes(32);
const ROW = "skill_version:7f0c7c1e-0000-4000-8000-000000000001:tool:get_invoices";
const OTHER_ROW = "skill_version:7f0c7c1e-0000-4000-8000-000000000002:tool:get_invoices";

/** `v<version>:<iv>:<tag>:<ciphertext>`, each part base64. */
function parts(sealed: string): { version: string; iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  return {
    version: version!,
    iv: Buffer.from(iv!, "base64"),
    tag: Buffer.from(tag!, "base64"),
    ciphertext: Buffer.from(ciphertext!, "base64"),
  };
}

function join(p: ReturnType<typeof parts>): string {
  return [p.version, p.iv.toString("base64"), p.tag.toString("base64"), p.ciphertext.toString("base64")].join(":");
}

function flipBit(buffer: Buffer, index = 0): Buffer {
  const copy = Buffer.from(buffer);
  copy[index] = copy[index]! ^ 0x01;
  return copy;
}

describe("SecretBox (SEC-10)", () => {
  it("SEC-10 opens what it sealed, and the sealed form does not contain the plaintext", () => {
    const box = new SecretBox({ 1: key() }, 1);
    const sealed = box.seal("whsec_the-plaintext-secret", ROW);
    expect(sealed).not.toContain("whsec_the-plaintext-secret");
    expect(sealed).not.toContain(Buffer.from("whsec_the-plaintext-secret").toString("base64"));
    expect(box.open(sealed, ROW)).toBe("whsec_the-plaintext-secret");
  });

  it("SEC-10 seals with AES-256-GCM: a 96-bit IV, a 128-bit tag, ciphertext as long as the plaintext", () => {
    const box = new SecretBox({ 1: key() }, 1);
    const p = parts(box.seal("sixteen-bytes!!!", ROW));
    expect(p.version).toBe("v1");
    expect(p.iv).toHaveLength(12);
    expect(p.tag).toHaveLength(16);
    expect(p.ciphertext).toHaveLength(16);
  });

  it("SEC-10 uses a random IV: sealing the same secret twice gives different IVs and ciphertexts", () => {
    const box = new SecretBox({ 1: key() }, 1);
    const seals = Array.from({ length: 20 }, () => box.seal("same secret", ROW));
    expect(new Set(seals).size).toBe(20);
    expect(new Set(seals.map((s) => parts(s).iv.toString("hex"))).size).toBe(20);
    for (const sealed of seals) expect(box.open(sealed, ROW)).toBe("same secret");
  });

  it("SEC-10 handles empty and non-ASCII secrets", () => {
    const box = new SecretBox({ 1: key() }, 1);
    for (const secret of ["", "ünïcödé ✓ 秘密", "x".repeat(10_000)])
      expect(box.open(box.seal(secret, ROW), ROW)).toBe(secret);
  });

  it("SEC-10 binds a secret to its row: a ciphertext moved to another row is refused", () => {
    const box = new SecretBox({ 1: key() }, 1);
    const sealed = box.seal("bound secret", ROW);
    expect(() => box.open(sealed, OTHER_ROW)).toThrow(SecretTampered);
    expect(() => box.open(sealed, "")).toThrow(SecretTampered);
    expect(box.open(sealed, ROW)).toBe("bound secret");
  });

  it("SEC-10 detects a tampered ciphertext, tag or IV", () => {
    const box = new SecretBox({ 1: key() }, 1);
    const sealed = box.seal("tamper-evident secret", ROW);
    const p = parts(sealed);
    const tampered = {
      ciphertext: join({ ...p, ciphertext: flipBit(p.ciphertext, 3) }),
      tag: join({ ...p, tag: flipBit(p.tag, 15) }),
      iv: join({ ...p, iv: flipBit(p.iv, 0) }),
      truncatedCiphertext: join({ ...p, ciphertext: p.ciphertext.subarray(1) }),
      swappedIvAndTag: join({ ...p, iv: p.tag, tag: p.iv }),
    };
    for (const [what, value] of Object.entries(tampered)) {
      expect(() => box.open(value, ROW), what).toThrow(SecretTampered);
    }
    expect(box.open(sealed, ROW)).toBe("tamper-evident secret");
  });

  it("SEC-10 refuses a truncated authentication tag or IV (GCM would otherwise check only the bytes given)", () => {
    const box = new SecretBox({ 1: key() }, 1);
    const sealed = box.seal("full-tag secret", ROW);
    const p = parts(sealed);
    for (const length of [4, 8, 12, 13, 15]) {
      expect(() => box.open(join({ ...p, tag: p.tag.subarray(0, length) }), ROW), `tag of ${length} bytes`).toThrow(
        SecretTampered,
      );
    }
    expect(() => box.open(join({ ...p, iv: Buffer.concat([p.iv, Buffer.alloc(4)]) }), ROW)).toThrow(SecretTampered);
    expect(box.open(sealed, ROW)).toBe("full-tag secret");
  });

  it("SEC-10 refuses malformed sealed values and unknown key versions with the same error", () => {
    const box = new SecretBox({ 1: key() }, 1);
    const sealed = box.seal("secret", ROW);
    const p = parts(sealed);
    for (const value of [
      "",
      "secret",
      "v1:abc",
      sealed.replace(/^v1:/, "v9:"),
      sealed.replace(/^v1:/, "x1:"),
      `${sealed}:extra`,
      join({ ...p, version: "v2" }),
    ]) {
      expect(() => box.open(value, ROW), value).toThrow(SecretTampered);
    }
  });

  it("SEC-10 carries a key version: a box with keys {1,2} (current 2) seals v2 and still opens v1 secrets", () => {
    const k1 = key();
    const k2 = key();
    const old = new SecretBox({ 1: k1 }, 1);
    const v1Sealed = old.seal("sealed before rotation", ROW);
    expect(v1Sealed.startsWith("v1:")).toBe(true);

    const rotated = new SecretBox({ 1: k1, 2: k2 }, 2);
    const v2Sealed = rotated.seal("sealed after rotation", ROW);
    expect(v2Sealed.startsWith("v2:")).toBe(true);
    expect(rotated.open(v1Sealed, ROW)).toBe("sealed before rotation");
    expect(rotated.open(v2Sealed, ROW)).toBe("sealed after rotation");
    // The old box has no key 2; a box whose key 1 is a different key cannot open v1 secrets.
    expect(() => old.open(v2Sealed, ROW)).toThrow(SecretTampered);
    expect(() => new SecretBox({ 1: key(), 2: k2 }, 2).open(v1Sealed, ROW)).toThrow(SecretTampered);
  });

  it("SEC-10 a box refuses to be made without a key for its current version", () => {
    expect(() => new SecretBox({ 1: key() }, 2)).toThrow(SecretKeyError);
  });

  it("AP-2 a secret's fingerprint is keyed: equal for equal secrets under one key, never the secret or its plain hash", () => {
    const k = key();
    const box = new SecretBox({ 1: k }, 1);
    const fingerprint = box.fingerprint("hunter2");
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(new SecretBox({ 1: k }, 1).fingerprint("hunter2")).toBe(fingerprint);
    expect(box.fingerprint("hunter3")).not.toBe(fingerprint);
    expect(fingerprint).not.toBe(sha256Hex("hunter2"));
    expect(new SecretBox({ 1: key() }, 1).fingerprint("hunter2")).not.toBe(fingerprint);
  });
});

describe("parseSecretKey (SEC-10)", () => {
  it("SEC-10 accepts the base64 of exactly 32 bytes, padded or not, with surrounding whitespace", () => {
    const raw = randomBytes(32);
    const b64 = raw.toString("base64");
    expect(parseSecretKey(b64).equals(raw)).toBe(true);
    expect(parseSecretKey(b64.replace(/=+$/, "")).equals(raw)).toBe(true);
    expect(parseSecretKey(`${b64}\n`).equals(raw)).toBe(true);
  });

  it("SEC-10 refuses malformed keys with a clear message", () => {
    const valid = randomBytes(32).toString("base64");
    const malformed = [
      "",
      "   ",
      "not a key",
      randomBytes(16).toString("base64"), // AES-128 sized
      randomBytes(31).toString("base64"),
      randomBytes(33).toString("base64"),
      randomBytes(64).toString("base64"),
      randomBytes(32).toString("hex"), // 64 hex characters: valid base64 alphabet, wrong length
      `${valid.slice(0, 10)}!${valid.slice(11)}`, // a character outside base64
      `${valid}AAAA`,
    ];
    for (const candidate of malformed) {
      expect(() => parseSecretKey(candidate), JSON.stringify(candidate)).toThrow(SecretKeyError);
    }
    expect(() => parseSecretKey("short")).toThrow(/SECRET_KEY must be the base64 encoding of exactly 32 random bytes/);
  });
});

describe("credential helpers", () => {
  it("SEC-8 randomToken uses base62 and the length asked for; tokens do not repeat", () => {
    const tokens = Array.from({ length: 200 }, () => randomToken(48));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(new Set(tokens).size).toBe(200);
  });

  it("SEC-8 constantTimeEqualHex compares hashes, refusing different lengths without throwing", () => {
    const a = sha256Hex("a");
    expect(constantTimeEqualHex(a, sha256Hex("a"))).toBe(true);
    expect(constantTimeEqualHex(a, sha256Hex("b"))).toBe(false);
    expect(constantTimeEqualHex(a, a.slice(0, 32))).toBe(false);
    expect(constantTimeEqualHex(a, "")).toBe(false);
  });
});
