import { afterAll, beforeAll, expect, it } from "vitest";
import type { ScriptedModel } from "../support/scripted-model";
import {
  makeFixture,
  normalisedWith,
  randomFor,
  startTenancyModel,
  TENANCY_CONFIG,
  type Fixture,
} from "../support/tenancy";
import { describeEachDialect } from "../support/test-app";

/* SEC-9 / PJ-1 through the OpenAI-compatible gateway: another project's agent reads as one that exists nowhere. */

describeEachDialect("SEC-9 / PJ-1 tenancy through the gateway", TENANCY_CONFIG, (t) => {
  let B: Fixture;
  let model: ScriptedModel;

  beforeAll(async () => {
    model = await startTenancyModel();
    await makeFixture(t, "alpha"); // A, whose agent "alpha-agent" B names below
    B = await makeFixture(t, "bravo");
  });
  afterAll(async () => model?.close());

  it("SEC-9 PJ-1 the gateway: B's key naming A's agent as the model answers exactly as a model that exists nowhere", async () => {
    const chat = (stream: boolean) => async (model: string) => {
      const res = await fetch(`${t.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${B.key}` },
        body: JSON.stringify({ model, stream, messages: [{ role: "user", content: "hi" }] }),
      });
      return { status: res.status, body: await res.text() };
    };
    for (const stream of [false, true]) {
      const foreign = await normalisedWith("alpha-agent", chat(stream));
      const nowhere = await normalisedWith(randomFor("skillName"), chat(stream));
      expect(foreign, `stream: ${stream}`).toBe(nowhere);
      // Control: B's own agent by the same route is served.
      expect((await chat(stream)("bravo-agent")).status, `stream: ${stream}`).toBe(200);
    }
    const models = await fetch(`${t.url}/v1/models`, { headers: { authorization: `Bearer ${B.key}` } });
    const listed = await models.text();
    expect(listed).toContain("bravo-agent");
    expect(listed).not.toContain("alpha");
  });
});
