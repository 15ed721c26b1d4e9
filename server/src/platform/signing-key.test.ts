import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { loadConfig } from "../config";
import { createLogger } from "./logger";
import { ed25519Thumbprint, parseSigningKey, SigningKeyError } from "./signing-key";

describe("SIGNING_KEY (PV-1, SEC-26)", () => {
  it("PV-1 a base64 seed and the PKCS#8 PEM of the same key give the same key and kid", () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const seed = Buffer.from(privateKey.export({ format: "jwk" }).d!, "base64url").toString("base64");
    const [fromPem, fromSeed] = [parseSigningKey(pem), parseSigningKey(seed)];
    expect(fromSeed.kid).toBe(fromPem.kid);
    expect(fromSeed.jwk).toEqual({
      kty: "OKP",
      crv: "Ed25519",
      x: createPublicKey(privateKey).export({ format: "jwk" }).x,
      kid: fromPem.kid,
      alg: "EdDSA",
      use: "sig",
    });
  });

  it("PV-1 the kid is the RFC 7638 thumbprint (RFC 8037's Ed25519 example)", () => {
    // RFC 8037 appendix A.3: the thumbprint of its example public key.
    expect(ed25519Thumbprint("11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo")).toBe(
      "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k",
    );
  });

  it("SEC-26 a malformed key is refused with one sentence that never quotes the key", () => {
    const cases = [
      "c2hvcnQ=",
      Buffer.alloc(64, 1).toString("base64"),
      "not a key at all",
      "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
      generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    ];
    for (const value of cases) {
      let error: unknown;
      try {
        parseSigningKey(value);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SigningKeyError);
      const message = (error as Error).message;
      expect(message).toMatch(/^SIGNING_KEY must be an Ed25519 key/);
      expect(message).not.toContain(value.trim().split("\n")[1] ?? value);
    }
  });

  it("SEC-26 a logged config or key object never shows the key", () => {
    const seed = Buffer.alloc(32, 9).toString("base64");
    let out = "";
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk: Buffer, _enc, done) {
          out += chunk.toString();
          done();
        },
      }),
    );
    const config = loadConfig({ SIGNING_KEY: seed, DATA_DIR: "/tmp/unused" });
    logger.info({ config }, "config");
    logger.info({ signingKey: seed, key: parseSigningKey(seed) }, "key");
    expect(out).toContain('"signingKey":"***"');
    expect(out).not.toContain(seed);
    expect(out).not.toContain(parseSigningKey(seed).privateKey.export({ format: "jwk" }).d);
  });
});
