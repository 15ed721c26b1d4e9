import type http from "node:http";
import express from "express";

/** A body parser for what `readJsonBody` does not read itself: body-parser's `json()`, built once per route. */
export type FallbackParser = express.RequestHandler;

export const jsonFallbackParser = (limitBytes: number): FallbackParser => express.json({ limit: limitBytes });

/**
 * SEC-23: levels of objects and arrays a request body may nest. Deeper bodies are refused when parsed (400,
 * `type: "entity.too.deep"`): the layers below walk values recursively and would overflow the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Throws body-parser's kind of error for a value nested deeper than MAX_JSON_DEPTH; walks without recursion. */
function refuseDeep(body: unknown): unknown {
  const pending: unknown[] = [body];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const value = pending.pop();
    const depth = depths.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_JSON_DEPTH) {
      const message = `The request body is nested more than ${MAX_JSON_DEPTH} levels deep (objects and arrays); at most ${MAX_JSON_DEPTH} levels are accepted.`;
      throw Object.assign(new Error(message), { status: 400, type: "entity.too.deep", expose: true });
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (child === null || typeof child !== "object") continue;
      pending.push(child);
      depths.push(depth + 1);
    }
  }
  return body;
}

/**
 * The body as body-parser's `json()` reads it, without body-parser for the common case (JSON, length known, no
 * encoding): a route on Node's `http` (`/graphql`, `/v1`) reads its body here. A failure carries body-parser's
 * `type` (`entity.parse.failed`, `entity.too.large`, `charset.unsupported`, …, and `entity.too.deep` past
 * MAX_JSON_DEPTH) and `status`.
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
      fallback(req as express.Request, res as express.Response, (error?: unknown) => {
        if (error) return reject(error);
        try {
          resolve(refuseDeep((req as { body?: unknown }).body));
        } catch (deep) {
          reject(deep);
        }
      }),
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
      let parsed: unknown;
      try {
        if (first !== "{" && first !== "[") throw new SyntaxError(`Unexpected token ${first} in JSON`);
        parsed = JSON.parse(text);
      } catch (error) {
        return reject(Object.assign(error as Error, { status: 400, type: "entity.parse.failed" }));
      }
      try {
        resolve(refuseDeep(parsed));
      } catch (deep) {
        reject(deep);
      }
    });
  });
}
