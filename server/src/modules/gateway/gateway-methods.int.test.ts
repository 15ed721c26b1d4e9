import { expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";

/** GW-1: the gateway's two routes answer another method with 405 and the methods they have in `Allow`. */

describeEachDialect("gateway routes and methods", (t) => {
  it("GW-1 HEAD and POST /v1/models answer 405 with Allow: GET; GET, PUT and DELETE /v1/chat/completions 405 with Allow: POST", async () => {
    const { adminKey } = await t.project("methods");
    const headers = { authorization: `Bearer ${adminKey}`, "content-type": "application/json" };
    for (const [method, path, allow] of [
      ["HEAD", "/v1/models", "GET"],
      ["POST", "/v1/models", "GET"],
      ["GET", "/v1/chat/completions", "POST"],
      ["PUT", "/v1/chat/completions", "POST"],
      ["DELETE", "/v1/chat/completions", "POST"],
    ] as const) {
      const res = await fetch(`${t.url}${path}`, {
        method,
        headers,
        body: method === "HEAD" || method === "GET" ? undefined : "{}",
      });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      if (method !== "HEAD") {
        const body = (await res.json()) as { error: { code: string; type: string } };
        expect(body.error).toMatchObject({ code: "method_not_allowed", type: "invalid_request_error" });
      }
    }
    // The served methods still answer, and an unknown path is still 404.
    expect((await fetch(`${t.url}/v1/models`, { headers })).status).toBe(200);
    expect((await fetch(`${t.url}/v1/nothing`, { headers })).status).toBe(404);
  });
});
