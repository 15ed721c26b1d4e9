import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./scripted-model";

/**
 * A scripted OpenAI-compatible embeddings endpoint for tests: a real `node:http` server on 127.0.0.1 (port 0) serving
 * `POST /v1/embeddings` (`{ model, input: string[] }` → `{ data: [{ embedding, index }] }`, sent in reverse order so
 * the client must place vectors by `index`), with the vectors of a function of each text. Every request is recorded.
 * Tests that call it must allow-list 127.0.0.1 (OUTBOUND_ALLOW_HOSTS, SEC-13).
 */

export interface EmbeddingsRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; input?: string[] };
  /** What it was answered: "ok", an HTTP status, "hang" or "garbage". */
  answered: "ok" | number | "hang" | "garbage";
}

/** How the endpoint answers: vectors, an error status, never (the client's timeout), or a body of another shape. */
export type EmbeddingsMode = "ok" | { fail: number } | "hang" | "garbage";

export interface ScriptedEmbeddings {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  readonly requests: EmbeddingsRequest[];
  /** Every input text of every request, in order. */
  inputs(): string[];
  setMode(mode: EmbeddingsMode): void;
  close(): Promise<void>;
}

export async function startScriptedEmbeddings(vectorOf: (text: string) => number[]): Promise<ScriptedEmbeddings> {
  const requests: EmbeddingsRequest[] = [];
  let mode: EmbeddingsMode = "ok";
  const server = http.createServer((req, res) => {
    void readBody(req).then((text) => {
      let body: EmbeddingsRequest["body"] = {};
      try {
        body = JSON.parse(text) as EmbeddingsRequest["body"];
      } catch {
        // recorded as an empty body
      }
      const answered: EmbeddingsRequest["answered"] = typeof mode === "object" ? mode.fail : mode;
      requests.push({ path: req.url ?? "", headers: req.headers, body, answered });
      if (req.method !== "POST" || req.url !== "/v1/embeddings") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      if (answered === "hang") return;
      if (typeof answered === "number") {
        res.writeHead(answered, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `Scripted failure ${answered}.`, type: "server_error" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (answered === "garbage") {
        res.end(JSON.stringify({ data: [{ embedding: "not numbers", index: 0 }] }));
        return;
      }
      const input = body.input ?? [];
      const data = input.map((item, index) => ({ object: "embedding", index, embedding: vectorOf(item) })).reverse();
      res.end(
        JSON.stringify({ object: "list", data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    inputs: () => requests.flatMap((request) => request.body.input ?? []),
    setMode: (next) => (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
