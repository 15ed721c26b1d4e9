import OpenAI from "openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EndpointClient } from "./endpoint-client";

interface Sent {
  url: string;
  method: string | undefined;
  headers: Array<[string, string]>;
  body: unknown;
  extra: unknown;
}

/** A fetch that records what the client hands it and answers a chat completion. */
function recordingFetch(sent: Sent[]) {
  return async (url: string | URL | Request, init?: RequestInit & { extra?: unknown }) => {
    sent.push({
      url: String(url),
      method: init?.method,
      headers: [...new Headers(init?.headers).entries()],
      body: init?.body,
      extra: init?.extra,
    });
    return new Response(
      JSON.stringify({ id: "c", object: "chat.completion", created: 0, model: "m", choices: [{ message: {} }] }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
  };
}

function clients(options: { apiKey: string; defaultHeaders?: Record<string, string | null> }) {
  const sent = { ours: [] as Sent[], theirs: [] as Sent[] };
  const common = {
    baseURL: "http://127.0.0.1:9/v1",
    organization: null,
    project: null,
    maxRetries: 0,
    logLevel: "off" as const,
    timeout: 4321,
    ...options,
  };
  return {
    sent,
    ours: new EndpointClient({ ...common, fetch: recordingFetch(sent.ours) }),
    theirs: new OpenAI({ ...common, fetch: recordingFetch(sent.theirs) }),
  };
}

type FetchOptions = NonNullable<Parameters<OpenAI["chat"]["completions"]["create"]>[1]>["fetchOptions"];

const body = (text: string) => new TextEncoder().encode(JSON.stringify({ model: "m", messages: [{ text }] }));

describe("EndpointClient (a plain request's URL and headers built once per path)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends what the official client sends, request after request: URL, method, headers (the request's own over the client's), body, fetch options", async () => {
    const setups: Array<{ apiKey: string; defaultHeaders?: Record<string, string | null> }> = [
      { apiKey: "sk-1" },
      { apiKey: "none", defaultHeaders: { Authorization: null } },
      { apiKey: "sk-2", defaultHeaders: { "X-Custom": "a" } },
    ];
    for (const setup of setups) {
      const { sent, ours, theirs } = clients(setup);
      for (const [i, headers] of [
        { "content-type": "application/json" },
        { "content-type": "application/json", traceparent: "00-aa-bb-01" },
        { "content-type": "application/json", traceparent: "00-cc-dd-01" },
        { "content-type": "application/json" },
      ].entries()) {
        const bytes = body(`turn ${i}`);
        const options = { body: bytes, headers, fetchOptions: { extra: i } as FetchOptions };
        const params = { model: "m", messages: [], stream: false as const };
        const [a, b] = await Promise.all([
          ours.chat.completions.create(params, options),
          theirs.chat.completions.create(params, options),
        ]);
        expect(a).toEqual(b);
      }
      expect(sent.ours).toEqual(sent.theirs);
    }
  });

  it("builds a plain request's headers once per path and set of the request's header names; anything else is the client's own build every time", async () => {
    const authHeaders = vi.spyOn(OpenAI.prototype as unknown as { authHeaders: () => unknown }, "authHeaders");
    const { sent, ours, theirs } = clients({ apiKey: "sk-1" });
    const params = { model: "m", messages: [], stream: false as const };
    for (let i = 0; i < 3; i++) await ours.chat.completions.create(params, { body: body("x"), headers: { a: "1" } });
    expect(authHeaders).toHaveBeenCalledTimes(1);
    // Not plain: a timeout of its own, a query, Headers for headers.
    const unusual = [
      { body: body("y"), headers: { a: "1" }, timeout: 9000 },
      { body: body("y"), headers: { a: "1" }, query: { q: "1" } },
      { body: body("y"), headers: new Headers({ a: "1" }) },
    ];
    for (const options of unusual) {
      await ours.chat.completions.create(params, options);
      await theirs.chat.completions.create(params, options);
    }
    expect(authHeaders).toHaveBeenCalledTimes(1 + 2 * unusual.length);
    expect(sent.ours.slice(3)).toEqual(sent.theirs);
  });
});
