import { crc32, deflateRawSync } from "node:zlib";

/** A zip written byte by byte, so that a test can make it lie (sizes, modes, names) as an attacker's would (SEC-11). */
export interface CraftedEntry {
  name: string;
  data?: Uint8Array;
  /** deflate the data (method 8) instead of storing it (method 0) */
  deflate?: boolean;
  /** the uncompressed size written in the headers, when it should lie */
  declaredSize?: number;
  method?: number;
  flags?: number;
  /** Unix mode, written in the upper 16 bits of the external attributes */
  unixMode?: number;
  crc?: number;
}

export function craftZip(entries: CraftedEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? new Uint8Array());
    const stored = entry.deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, "utf8");
    const method = entry.method ?? (entry.deflate ? 8 : 0);
    const flags = (entry.flags ?? 0) | 0x800; // bit 11: the name is UTF-8
    const crc = entry.crc ?? crc32(data);
    const size = entry.declaredSize ?? data.byteLength;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(((entry.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + stored.byteLength;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, centralDirectory, end]));
}
