import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedEmbeddings, type ScriptedEmbeddings } from "../../../test/support/scripted-embeddings";
import { UpstreamError } from "../../platform/errors";
import { EmbeddingsClient } from "./embeddings-client";

const KEY = "sk-embeddings-client-key";

/** CT-2: the embeddings client against a scripted endpoint over real HTTP. */
describe("EmbeddingsClient", () => {
  let server: ScriptedEmbeddings;
  beforeAll(async () => {
    // three dimensions, four for a text that starts with "wide"
    const dimensions = (text: string) => (text.startsWith("wide") ? 4 : 3);
    server = await startScriptedEmbeddings((text) =>
      Array.from({ length: dimensions(text) }, (_, i) => text.length + i),
    );
  });
  afterAll(() => server.close());

  const client = (options: { batchSize?: number; timeoutMs?: number; allowList?: string[] } = {}) =>
    new EmbeddingsClient({
      endpoint: { baseUrl: server.baseUrl, model: "scripted", apiKey: KEY },
      timeoutMs: options.timeoutMs ?? 2_000,
      allowList: options.allowList ?? ["127.0.0.1"],
      batchSize: options.batchSize,
    });

  it("CT-2 a long list is sent in batches; the vectors come back in the inputs' order, placed by their index", async () => {
    server.setMode("ok");
    const before = server.requests.length;
    const inputs = ["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "g"];
    const vectors = await client({ batchSize: 3 }).embed(inputs);
    expect(vectors).toEqual(inputs.map((text) => [text.length, text.length + 1, text.length + 2]));
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.body.input)).toEqual([inputs.slice(0, 3), inputs.slice(3, 6), inputs.slice(6)]);
    expect(sent.every((r) => r.body.model === "scripted" && r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(sent.every((r) => r.path === "/v1/embeddings")).toBe(true);
  });

  it("CT-2 an error status, a timeout, an answer of another shape and a refused host are UpstreamErrors without the key", async () => {
    const failures: unknown[] = [];
    for (const mode of [{ fail: 503 }, "hang", "garbage"] as const) {
      server.setMode(mode);
      failures.push(
        await client({ timeoutMs: 200 })
          .embed(["x"])
          .catch((error: unknown) => error),
      );
    }
    server.setMode("ok");
    failures.push(
      await client({ allowList: [] })
        .embed(["x"])
        .catch((error: unknown) => error),
    );
    expect(failures.every((error) => error instanceof UpstreamError)).toBe(true);
    const messages = failures.map((error) => (error as Error).message);
    expect(messages[0]).toContain("answered HTTP 503");
    expect(messages[1]).toContain("did not answer within 200 ms");
    expect((failures[1] as UpstreamError).timeout).toBe(true);
    expect(messages[2]).toContain("is not a list of numbers");
    expect(messages[3]).toContain("may not be called");
    for (const message of messages) {
      expect(message).toContain(server.baseUrl);
      expect(message).not.toContain(KEY);
    }
  });

  it("CT-2 vectors of different dimensions, in one answer or across batches, are refused", async () => {
    server.setMode("ok");
    await expect(client().embed(["a", "wide"])).rejects.toThrow(/different dimensions in one answer/);
    await expect(client({ batchSize: 1 }).embed(["a", "wide"])).rejects.toThrow(/vectors of 4 and 3 dimensions/);
  });
});
