import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sha256Hex } from "./crypto";

/**
 * The embedded default keeps what it generates in the data directory, readable by the owner only:
 * `secret-key` (SECRET_KEY), `signing-key` (SIGNING_KEY: base64 of an Ed25519 seed) and `platform-token.sha256` (the platform credential's hash; the credential itself
 * is printed once and never stored).
 */
export function loadOrCreateSecretKey(dataDir: string): string {
  return loadOrCreateRandomKey(dataDir, "secret-key");
}

/** PV-1: the embedded default's Ed25519 seed, generated once (mode 0600) and kept, so its kid stays the same. */
export function loadOrCreateSigningKey(dataDir: string): string {
  return loadOrCreateRandomKey(dataDir, "signing-key");
}

/** 32 random bytes as base64, kept in `dataDir/fileName` (owner-only) once generated. */
function loadOrCreateRandomKey(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString("base64");
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  return key;
}

/** The platform token's hash; a token is generated (and returned, to print once) only when none is kept. */
export function loadOrCreatePlatformTokenHash(
  dataDir: string,
  generate: () => string,
): { hash: string; generated?: string } {
  const file = path.join(dataDir, "platform-token.sha256");
  if (fs.existsSync(file)) return { hash: fs.readFileSync(file, "utf8").trim() };
  fs.mkdirSync(dataDir, { recursive: true });
  const token = generate();
  const hash = sha256Hex(token);
  fs.writeFileSync(file, `${hash}\n`, { mode: 0o600, flag: "wx" });
  return { hash, generated: token };
}
