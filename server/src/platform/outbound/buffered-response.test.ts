import { describe, expect, it } from "vitest";
import { BufferedResponse } from "./buffered-response";

const answer = (text: string, status = 200) =>
  new BufferedResponse(Buffer.from(text), {
    status,
    statusText: "OK",
    headers: { "content-type": "application/json" },
  });

describe("a Response answered from a buffer (pinnedFetch's non-stream answers)", () => {
  it("reads as a Response does: text, json, bytes, arrayBuffer, blob; status and headers kept", async () => {
    const body = '{"é":[1,2]}';
    expect(await answer(body).text()).toBe(body);
    expect(await answer(body).json()).toEqual({ é: [1, 2] });
    expect(Buffer.from(await answer(body).arrayBuffer()).toString()).toBe(body);
    const bytes = (answer(body) as unknown as { bytes(): Promise<Uint8Array> }).bytes();
    expect(Buffer.from(await bytes).toString()).toBe(body);
    const blob = await answer(body).blob();
    expect([blob.type, await blob.text()]).toEqual(["application/json", body]);
    const failed = answer("nope", 502);
    expect([failed.status, failed.ok, failed.headers.get("content-type")]).toEqual([502, false, "application/json"]);
    expect(failed).toBeInstanceOf(Response);
  });

  it("is read once: a second read throws as a Response's does, and bodyUsed says so", async () => {
    const response = answer("{}");
    expect(response.bodyUsed).toBe(false);
    await response.json();
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toBeInstanceOf(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
  });

  it("streams its bytes when asked for `body`; a clone reads on its own", async () => {
    const response = answer("streamed");
    expect(response.body).not.toBeNull();
    expect(response.bodyUsed).toBe(false); // asking for the stream does not read it
    const copy = response.clone();
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe("streamed");
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toBeInstanceOf(TypeError);
    expect(await copy.text()).toBe("streamed");
  });
});
