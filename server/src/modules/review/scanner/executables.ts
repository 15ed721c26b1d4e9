import { fileTypeFromBuffer } from "file-type";
import type { Severity } from "./finding";

// CR-1, CR-2: a file the scanner cannot read as text is judged by its bytes (magic numbers first, then file-type):
// executables and bytecode are CRITICAL, archives and everything else binary HIGH — nothing passes unseen.

export interface BinaryVerdict {
  rule: string;
  severity: Severity;
  what: string;
}

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** Python bytecode: a 16-bit magic number of CPython 3 (or 2.7) followed by \r\n. */
function isPythonBytecode(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || bytes[2] !== 0x0d || bytes[3] !== 0x0a) return false;
  const magic = bytes[0]! | (bytes[1]! << 8);
  return (magic >= 2900 && magic <= 4000) || magic === 62211;
}

export function byMagic(bytes: Uint8Array): BinaryVerdict | null {
  const exe = (what: string): BinaryVerdict => ({ rule: "executable", severity: "CRITICAL", what });
  const archive = (what: string): BinaryVerdict => ({ rule: "archive", severity: "HIGH", what });
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return exe("an ELF executable or shared library");
  if (startsWith(bytes, [0x4d, 0x5a])) return exe("a Windows executable or DLL (PE)");
  for (const magic of [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
  ])
    if (startsWith(bytes, magic)) return exe("a Mach-O executable or library");
  if (startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe])) return exe("a Java class or a universal Mach-O binary");
  if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return exe("a WebAssembly module");
  if (startsWith(bytes, [0x64, 0x65, 0x78, 0x0a])) return exe("Android bytecode (dex)");
  if (isPythonBytecode(bytes)) return exe("Python bytecode (.pyc)");
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return archive("a zip archive (or a .jar, .whl or Office document, which are zips)");
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return {
      rule: "macro-document",
      severity: "HIGH",
      what: "an OLE compound document (old Office files, which carry macros)",
    };
  if (startsWith(bytes, [0x1f, 0x8b])) return archive("a gzip archive");
  if (startsWith(bytes, [0x42, 0x5a, 0x68])) return archive("a bzip2 archive");
  if (startsWith(bytes, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return archive("an xz archive");
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return archive("a 7-Zip archive");
  if (startsWith(bytes, [0x52, 0x61, 0x72, 0x21])) return archive("a RAR archive");
  if (startsWith(bytes, [0x75, 0x73, 0x74, 0x61, 0x72], 257)) return archive("a tar archive");
  return null;
}

/** What a binary file is, and how bad carrying it is. Never throws: an unknown kind is still a HIGH finding. */
export async function judgeBinary(bytes: Uint8Array): Promise<BinaryVerdict> {
  const known = byMagic(bytes);
  if (known) return known;
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const kind = type ? `${type.mime} (.${type.ext})` : null;
  return {
    rule: "binary-file",
    severity: "HIGH",
    what: kind ? `binary content of type ${kind}` : "binary content of an unknown type",
  };
}

/** Names of compiled code and containers, reported even when the bytes are text (a renamed payload is still one). */
export const EXECUTABLE_EXTENSION =
  /\.(?:pyc|pyo|pyd|so|dll|exe|dylib|class|jar|war|whl|egg|o|a|node|wasm|msi|apk|com|scr|bin|docm|xlsm|pptm|dotm|xlam)$/i;
