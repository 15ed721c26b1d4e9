import { randomFillSync } from "node:crypto";

// Random bytes are drawn 4 KiB at a time: one system call per 256 ids instead of one each.
const POOL = Buffer.alloc(4096);
let poolAt = POOL.length;
let lastMs = -1;
let counter = 0;

/**
 * An RFC 9562 version 7 UUID: 48 bits of Unix milliseconds, a 12-bit counter, then 62 random bits. Rows written
 * at the rate calls arrive (calls, their events, tool runs, webhook deliveries) take these as keys so that each
 * insert lands at the right edge of its B-tree indexes, beside the previous one, instead of on a random page: a
 * commit dirties a few pages rather than one per index per row (SQLite's WAL, PostgreSQL's full-page writes).
 * Within a process the ids rise strictly: the counter starts at a random value below 2048 each millisecond and
 * counts up; when it runs out, or the clock steps back, the previous millisecond is carried on. The 62 random bits
 * keep the ids unguessable; they reveal when the row was made, which the rows say anyway.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (poolAt + 16 > POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  const bytes = Buffer.from(POOL.subarray(poolAt, poolAt + 16));
  poolAt += 16;
  if (now > lastMs) {
    lastMs = now;
    counter = ((bytes[6]! & 0x07) << 8) | bytes[7]!;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
