import type http from "node:http";
import express from "express";

/** A body parser for what `readJsonBody` does not read itself: body-parser's `json()`, built once per route. */
export type FallbackParser = express.RequestHandler;

export const jsonFallbackParser = (limitBytes: number): FallbackParser => express.json({ limit: limitBytes });

/**
 * The body as body-parser's `json()` reads it, without body-parser for the common case (JSON, length known, no
 * encoding): a route on Node's `http` (`/graphql`, `/v1`) reads its body here. A failure carries body-parser's
 * `type` (`entity.parse.failed`, `entity.too.large`, `charset.unsupported`, …) and `status`.
 */
export function readJsonBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  limitBytes: number,
  fallback: FallbackParser,
): Promise<unknown> {
  const type = req.headers["content-type"];
  const length = Number(req.headers["content-length"]);
  const plain =
    req.method === "POST" &&
    (type === "application/json" || type === "application/json; charset=utf-8") &&
    req.headers["content-encoding"] === undefined &&
    req.headers["transfer-encoding"] === undefined &&
    Number.isSafeInteger(length) &&
    length <= limitBytes;
  if (!plain) {
    // Everything else (other types, charsets, encodings, chunked or too large bodies, GET) as body-parser answers it.
    return new Promise((resolve, reject) =>
      fallback(req as express.Request, res as express.Response, (error?: unknown) =>
        error ? reject(error) : resolve((req as { body?: unknown }).body),
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => {
      const text = chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8");
      if (text.length === 0) return resolve({});
      // body-parser's strict mode: only an object or an array.
      const first = text.trimStart()[0];
      try {
        if (first !== "{" && first !== "[") throw new SyntaxError(`Unexpected token ${first} in JSON`);
        resolve(JSON.parse(text));
      } catch (error) {
        reject(Object.assign(error as Error, { status: 400, type: "entity.parse.failed" }));
      }
    });
  });
}
