import Anthropic from "@anthropic-ai/sdk";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePlatformToken } from "../auth/credentials";
import { skillMd } from "../../../test/support/skill-md";
import { ensureServerBuilt } from "../../../test/support/server-build";
import { startServer, type ServerProcess } from "../../../test/support/server-process";
import { describeEachDialect } from "../../../test/support/test-app";

/*
 * Refusals of the Skills API found by probing it as the SDKs' users (and attackers) would: each is a 4xx in the
 * vendor's envelope that the SDK raises as its typed error, never a 500 or a dropped connection.
 */

/** What a caught SDK error says (either vendor): its class, status and body. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OpenAI.APIError || error instanceof Anthropic.APIError) {
      return { error, status: error.status, body: error.error as Record<string, unknown> | undefined };
    }
    throw error;
  }
  throw new Error("expected the SDK to throw");
}

describeEachDialect("Skills API refusals from probing (EC-1, EC-2, SEC-23)", (t) => {
  let key: string;
  let openai: OpenAI;
  let skillId: string;

  beforeAll(async () => {
    key = (await t.project("Skills API refusals")).adminKey;
    openai = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: key, maxRetries: 0, timeout: 20_000 });
    const md = await toFile(Buffer.from(skillMd("probe-update")), "probe-update/SKILL.md");
    skillId = (await openai.skills.create({ files: [md] })).id;
  });

  it("EC-1 SEC-23 an update whose JSON body is malformed, not an object, too deep or too large is a 4xx in OpenAI's shape, never a 500", async () => {
    const update = (body: string) =>
      fetch(`${t.url}/v1/skills/${skillId}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body,
      });
    for (const [body, status, code] of [
      ["{not json", 400, "invalid_request"],
      ["null", 400, "invalid_request"],
      ["[".repeat(5000) + "]".repeat(5000), 400, "invalid_request"],
      [JSON.stringify({ default_version: "1", pad: "x".repeat(2_000_000) }), 413, "request_too_large"],
    ] as const) {
      const response = await update(body);
      const answer = (await response.json()) as { error: { type: string; code: string; message: string } };
      expect([response.status, answer.error.code], body.slice(0, 20)).toEqual([status, code]);
      expect(answer.error.type).toBe("invalid_request_error");
      expect(answer.error.message).not.toMatch(/went wrong|at JSON\.parse/);
    }
    // Through the SDK: a body nested too deep is its BadRequestError; one too large its 413 (nothing changed).
    const nested = JSON.parse("[".repeat(100) + "]".repeat(100)) as unknown;
    const deep = await refusal(
      openai.skills.update(skillId, { default_version: "1", nested } as OpenAI.Skills.SkillUpdateParams),
    );
    expect(deep.error).toBeInstanceOf(OpenAI.BadRequestError);
    const large = await refusal(
      openai.skills.update(skillId, { default_version: "1", pad: "x".repeat(2_000_000) } as never),
    );
    expect(large.status).toBe(413);
    expect((await openai.skills.retrieve(skillId)).default_version).toBeNull();
  });
});

/*
 * The server in its own process, as users run it: an SDK streams its multipart body while the server refuses it, so
 * a refusal sent before the body is read must not cut the connection under the SDK (in-process the race hides).
 */
describe("Skills API refusals on a real server process (EC-1, EC-2)", () => {
  let server: ServerProcess;
  let key: string;

  beforeAll(async () => {
    ensureServerBuilt();
    const platformToken = generatePlatformToken();
    server = await startServer({ PLATFORM_TOKEN: platformToken }, "skills-api-refusals");
    const created = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${platformToken}` },
      body: JSON.stringify({ query: `mutation { createProject(name: "refusals") { apiKey } }` }),
    });
    key = ((await created.json()) as { data: { createProject: { apiKey: string } } }).data.createProject.apiKey;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("EC-1 EC-2 an upload with more files than a bundle may hold is 413 read by both SDKs, not a dropped connection", async () => {
    const many = [
      await toFile(Buffer.from(skillMd("probe-many")), "probe-many/SKILL.md"),
      ...(await Promise.all(
        Array.from({ length: 260 }, (_v, i) => toFile(Buffer.from(`file ${i}`), `probe-many/f${i}.md`)),
      )),
    ];
    const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: key, maxRetries: 0, timeout: 20_000 });
    const fromOpenai = await refusal(openai.skills.create({ files: many }));
    expect(fromOpenai.status).toBe(413);
    expect(fromOpenai.body).toMatchObject({ code: "request_too_large" });
    const anthropic = new Anthropic({ baseURL: server.url, apiKey: key, maxRetries: 0, timeout: 20_000 });
    const fromAnthropic = await refusal(anthropic.beta.skills.create({ files: many }));
    expect(fromAnthropic.error).toBeInstanceOf(Anthropic.ContentTooLargeError);
    // The connection was drained, not cut: the next request answers.
    expect((await openai.skills.list({ limit: 1 })).data).toEqual([]);
  });
});
