import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
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

/* SEC-9 / PJ-1 over the MCP endpoint: another project's skill reads as one that exists nowhere, and is never listed. */

describeEachDialect("SEC-9 / PJ-1 tenancy over MCP", TENANCY_CONFIG, (t) => {
  let A: Fixture;
  let B: Fixture;
  let model: ScriptedModel;

  beforeAll(async () => {
    model = await startTenancyModel();
    A = await makeFixture(t, "alpha");
    B = await makeFixture(t, "bravo");
  });
  afterAll(async () => model?.close());

  it("SEC-9 PJ-1 the MCP endpoint: B's key naming A's skill answers exactly as a skill that exists nowhere, and lists none of A's", async () => {
    const client = new Client({ name: "tenancy-walk", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${B.key}` } },
      }),
    );
    try {
      const outcome = async (run: () => Promise<unknown>) => {
        try {
          return { status: 200, body: await run() };
        } catch (error) {
          const { code, message } = error as { code?: number; message: string };
          return { status: code ?? 0, body: message };
        }
      };
      const asks: Array<[string, (name: string) => Promise<{ status: number; body: unknown }>]> = [
        [
          "skills/get",
          (name) =>
            outcome(() =>
              client.request(
                { method: "skills/get", params: { uri: `skill://${name}/SKILL.md` } },
                z.object({}).passthrough(),
              ),
            ),
        ],
        ["resources/read SKILL.md", (name) => outcome(() => client.readResource({ uri: `skill://${name}/SKILL.md` }))],
        [
          "resources/read a file",
          (name) => outcome(() => client.readResource({ uri: `skill://${name}/references/notes.md` })),
        ],
      ];
      for (const [what, ask] of asks) {
        const foreign = await normalisedWith(A.values.skillName, ask);
        const nowhere = await normalisedWith(randomFor("skillName"), ask);
        expect(foreign, what).toBe(nowhere);
        // Control: B's own skill is served by the same request.
        expect((await ask(B.values.skillName)).status, what).toBe(200);
      }
      const lists = JSON.stringify([
        await client.request({ method: "skills/list", params: {} }, z.object({}).passthrough()),
        await client.listResources(),
      ]);
      expect(lists).toContain(B.values.skillName);
      expect(lists).not.toContain("alpha");
    } finally {
      await client.close();
    }
  });
});
