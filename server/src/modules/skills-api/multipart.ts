import { createHash } from "node:crypto";
import type http from "node:http";
import busboy from "busboy";
import { SkillsApiError, badRequest } from "./skills-api.errors";

/** A file part of a multipart body: the form field it came in, its file name (a path in the bundle), its bytes. */
export interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface MultipartBody {
  fields: Array<[name: string, value: string]>;
  files: FilePart[];
}

/** How much a multipart body may carry: a bundle's files and SKILL.md, each part's headers, a few fields. */
export interface MultipartLimits {
  /** The whole body; more is 413 before it is read (Content-Length) or as soon as it goes past. */
  maxBodyBytes: number;
  /** All files' bytes together (a bundle's limit, plus what a zip adds). */
  maxFileBytes: number;
  maxFiles: number;
}

const MAX_FIELDS = 16;
const MAX_FIELD_BYTES = 4096;

const tooLarge = (message: string) => new SkillsApiError("too_large", message);

/**
 * A filename as the official SDKs write it: they percent-encode `"`, `\` and control characters in the
 * Content-Disposition header (and nothing else), so exactly those escapes are read back.
 */
function fileNameOf(raw: string): string {
  return raw.replace(/%(22|5C|[01][0-9A-F]|7F)/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Reads a `multipart/form-data` body as it streams in (busboy), keeping file bytes only up to the limits: a body
 * over them is refused with 413 before it is held whole (the request is no longer read; the caller closes it).
 */
export function readMultipart(req: http.IncomingMessage, limits: MultipartLimits): Promise<MultipartBody> {
  const type = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    return Promise.reject(
      badRequest(
        `The request body must be multipart/form-data with the skill's files (a zip, or the files of one folder) in 'files'; it is ${type ? `'${type.slice(0, 100)}'` : "missing"}.`,
      ),
    );
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
    return Promise.reject(tooLarge(bodyTooLarge(declared, limits)));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        preservePath: true,
        defParamCharset: "utf8",
        limits: {
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          files: limits.maxFiles,
          fileSize: limits.maxFileBytes,
          parts: limits.maxFiles + MAX_FIELDS,
        },
      });
    } catch (error) {
      reject(badRequest(`The multipart body cannot be read: ${(error as Error).message}.`));
      return;
    }
    const body: MultipartBody = { fields: [], files: [] };
    let fileBytes = 0;
    let received = 0;
    let settled = false;
    const fail = (error: SkillsApiError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.off("data", count);
      reject(error);
    };
    const count = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > limits.maxBodyBytes) fail(tooLarge(bodyTooLarge(received, limits)));
    };
    req.on("data", count);
    parser.on("file", (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        fileBytes += chunk.byteLength;
        if (fileBytes > limits.maxFileBytes) {
          stream.resume();
          fail(
            tooLarge(
              `The uploaded files add up to more than ${limits.maxFileBytes} bytes, the most a skill bundle may hold (SKILL_MAX_BYTES and SKILL_MD_MAX_BYTES).`,
            ),
          );
          return;
        }
        chunks.push(chunk);
      });
      stream.on("limit", () =>
        fail(
          tooLarge(
            `The file '${info.filename}' is larger than the ${limits.maxFileBytes} bytes a skill bundle may hold.`,
          ),
        ),
      );
      stream.on("end", () => {
        body.files.push({
          field,
          name: fileNameOf(info.filename ?? ""),
          type: info.mimeType,
          bytes: new Uint8Array(Buffer.concat(chunks)),
        });
      });
    });
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated)
        fail(badRequest(`The form field '${name}' is longer than ${MAX_FIELD_BYTES} bytes.`, name));
      body.fields.push([name, value]);
    });
    parser.on("filesLimit", () =>
      fail(tooLarge(`The upload has more than ${limits.maxFiles} files, more than a skill bundle may have.`)),
    );
    parser.on("fieldsLimit", () => fail(badRequest(`The form has more than ${MAX_FIELDS} fields.`)));
    parser.on("partsLimit", () => fail(tooLarge(`The form has more parts than a skill bundle may have.`)));
    parser.on("error", (error: Error) => fail(badRequest(`The multipart body cannot be read: ${error.message}.`)));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve(body);
    });
    req.on("error", (error) => fail(badRequest(`The request body could not be read: ${error.message}.`)));
    req.pipe(parser);
  });
}

function bodyTooLarge(bytes: number, limits: MultipartLimits): string {
  return `The request body is ${bytes} bytes or more, larger than the ${limits.maxBodyBytes} bytes a skill upload may be (the bundle limits SKILL_MAX_BYTES, SKILL_MAX_FILES and SKILL_MD_MAX_BYTES).`;
}

/** SHA-256 of a request as parsed, so that a retry whose multipart boundary differs still matches its first try. */
export function requestDigest(method: string, path: string, body: MultipartBody | unknown): string {
  const hash = createHash("sha256").update(`${method} ${path}\n`);
  if (body && typeof body === "object" && "files" in body && "fields" in body) {
    const multipart = body as MultipartBody;
    for (const [name, value] of [...multipart.fields].sort()) hash.update(`field\0${name}\0${value}\n`);
    for (const file of multipart.files) {
      hash.update(`file\0${file.field}\0${file.name}\0${createHash("sha256").update(file.bytes).digest("hex")}\n`);
    }
  } else {
    hash.update(JSON.stringify(body ?? null));
  }
  return hash.digest("hex");
}
