import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random token of base62 characters (each ~5.95 bits), e.g. 43 characters ≈ 256 bits. */
export function randomToken(length = 43): string {
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps the distribution uniform
      if (byte < 248 && out.length < length) out.push(ALPHABET[byte % 62]!);
    }
  }
  return out.join("");
}

export function sha256Hex(input: string | Uint8Array): string {
  return createHash("sha256").update(input).digest("hex");
}

export function constantTimeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export class SecretKeyError extends Error {}

/** Parses a SECRET_KEY: base64 of exactly 32 bytes. */
export function parseSecretKey(base64: string): Buffer {
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32 || key.toString("base64").replace(/=+$/, "") !== base64.trim().replace(/=+$/, "")) {
    throw new SecretKeyError(
      "SECRET_KEY must be the base64 encoding of exactly 32 random bytes (try `openssl rand -base64 32`).",
    );
  }
  return key;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretTampered extends Error {
  constructor() {
    super("A stored secret failed its integrity check: it was altered or moved to another row.");
  }
}

/**
 * AES-256-GCM for secrets at rest (SEC-10). Each value gets a random 96-bit IV and is bound to its row through
 * the associated data, so a ciphertext copied onto another row fails to decrypt. The key version prefix lets a
 * later key rotation decrypt old rows with the old key.
 * Format: `v<keyVersion>:<iv b64>:<tag b64>:<ciphertext b64>`.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<number, Buffer>;
  constructor(
    keys: Record<number, Buffer>,
    private readonly currentVersion: number,
  ) {
    this.keys = new Map(Object.entries(keys).map(([v, k]) => [Number(v), k]));
    if (!this.keys.has(currentVersion)) throw new SecretKeyError(`No secret key with version ${currentVersion}.`);
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.keys.get(this.currentVersion)!, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(boundTo, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `v${this.currentVersion}:${iv.toString("base64")}:${tag.toString("base64")}:${ciphertext.toString("base64")}`;
  }

  /**
   * A write-only value saved into a new row: a new value is sealed; null clears it; undefined (left out, or sent
   * back as the "***" it reads as) keeps what the previous row held, sealed again under the new binding.
   */
  carry(
    value: string | null | undefined,
    boundTo: string,
    previous: { sealed: string; boundTo: string } | null,
  ): string | null {
    if (typeof value === "string") return this.seal(value, boundTo);
    if (value === null || !previous) return null;
    return this.seal(this.open(previous.sealed, previous.boundTo), boundTo);
  }

  /**
   * A keyed fingerprint of a secret (HMAC-SHA256 under a key derived from the current key): equal secrets give equal
   * fingerprints, and a fingerprint tells nothing of the secret without the key, so it may be shown where the secret
   * may not (AP-2: a version's digest changes when a tool's secret does). A new current key changes every fingerprint.
   */
  fingerprint(plaintext: string): string {
    this.fingerprintKey ??= Buffer.from(
      hkdfSync("sha256", this.keys.get(this.currentVersion)!, Buffer.alloc(0), "skillgraph secret fingerprint", 32),
    );
    return createHmac("sha256", this.fingerprintKey).update(plaintext, "utf8").digest("hex");
  }

  private fingerprintKey: Buffer | undefined;

  open(sealed: string, boundTo: string): string {
    const match = /^v(\d+):([^:]+):([^:]+):([^:]*)$/.exec(sealed);
    const key = match ? this.keys.get(Number(match[1])) : undefined;
    if (!match || !key) throw new SecretTampered();
    const iv = Buffer.from(match[2]!, "base64");
    const tag = Buffer.from(match[3]!, "base64");
    // Exactly a 96-bit IV and a full 128-bit tag: GCM would otherwise verify a truncated tag (a weaker check).
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretTampered();
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(boundTo, "utf8"));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(match[4]!, "base64")), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretTampered();
    }
  }
}
