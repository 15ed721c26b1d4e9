import http from "node:http";
import Anthropic, { toFile } from "@anthropic-ai/sdk";
import { beforeAll, expect, it } from "vitest";
import { craftZip } from "../../../test/support/crafted-zip";
import { skillMd } from "../../../test/support/skill-md";
import { agentUsing, skillFolder, zipOf } from "../../../test/support/skills-api";
import { describeEachDialect } from "../../../test/support/test-app";

const filesOf = (folder: Record<string, string>) =>
  Promise.all(Object.entries(folder).map(([path, text]) => toFile(Buffer.from(text), path)));

/** Skillgraph's version number, beside the SDK's typed fields: a skill's `latest_version`, a version's `version`. */
const numberOf = (object: object): string => {
  const extra = object as { version?: string; latest_version?: string };
  return extra.version ?? extra.latest_version ?? "";
};

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Anthropic.APIError)) throw error;
    const body = error.error as {
      type?: string;
      error?: { type: string; message: string; details?: Record<string, unknown> };
    };
    return { error, status: error.status, body, type: body?.error?.type, message: body?.error?.message ?? "" };
  }
  throw new Error("expected the SDK to throw");
}

describeEachDialect("Skills API with the official @anthropic-ai/sdk (EC-2)", (t) => {
  let key: string;
  let client: Anthropic;

  beforeAll(async () => {
    key = (await t.project("Skills API (Anthropic)")).adminKey;
    client = new Anthropic({ baseURL: t.url, apiKey: key, timeout: 20_000 });
  });

  it("EC-2 skills.create (and beta.skills.create) answer in Anthropic's shapes: display_name, latest_version_id, source", async () => {
    const skill = await client.skills.create({
      files: await filesOf(skillFolder("an-create", { files: { "references/a.md": "A" } })),
    });
    expect(skill).toMatchObject({
      type: "skill",
      display_name: "an-create",
      source: { type: "custom" },
      latest_version: "1",
    });
    expect(new Date(skill.created_at).toISOString()).toBe(skill.created_at);
    const version = await client.skills.versions.retrieve(skill.latest_version_id, { skill_id: skill.id });
    expect(version).toMatchObject({ type: "skill_version", skill_id: skill.id, name: "an-create", version: "1" });
    const beta = await client.beta.skills.create({
      files: await filesOf(skillFolder("an-beta")),
      display_name: "an-beta",
    });
    expect(beta).toMatchObject({ type: "skill", display_name: "an-beta" });
    expect(await client.beta.skills.retrieve(beta.id)).toEqual(beta);
  });

  it("EC-2 one store: a skill made through the OpenAI-shaped API or GraphQL is the same skill here", async () => {
    const openaiShaped = (await (
      await fetch(`${t.url}/v1/skills`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
        body: formOf(skillFolder("an-shared")),
      })
    ).json()) as { id: string; object: string; latest_version: string };
    expect(openaiShaped).toMatchObject({ object: "skill", latest_version: "1" });
    const same = await client.skills.retrieve(openaiShaped.id);
    expect(same).toMatchObject({ id: openaiShaped.id, type: "skill", display_name: "an-shared" });
    await t.ok(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: skillMd("an-shared", { body: "From GraphQL." }) } },
      key,
    );
    expect(numberOf(await client.skills.retrieve(openaiShaped.id))).toBe("2");
  });

  it("EC-2 list and versions.list page with has_more and next_page over more than one page", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("an-pages")) });
    for (const n of [2, 3]) {
      await client.skills.versions.create(skill.id, {
        files: await filesOf(skillFolder("an-pages", { body: `v${n}` })),
      });
    }
    const first = await client.skills.versions.list(skill.id, { limit: 2 });
    expect(first.data.map(numberOf)).toEqual(["3", "2"]);
    expect(first.next_page).toBe(first.data[1]!.id);
    const all: string[] = [];
    for await (const v of client.skills.versions.list(skill.id, { limit: 1 }))
      all.push((v as { version?: string }).version!);
    expect(all).toEqual(["3", "2", "1"]);
    const names: string[] = [];
    for await (const s of client.skills.list({ limit: 1 })) names.push(s.display_name);
    expect(names).toEqual(["an-pages", "an-shared", "an-beta", "an-create"]);
    expect((await client.skills.list({ source: "anthropic" })).data).toEqual([]);
  });

  it("EC-2 versions are addressed by id or number; delete answers skill_version_deleted and skill_deleted", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("an-delete")) });
    const two = await client.skills.versions.create(skill.id, {
      files: await filesOf(skillFolder("an-delete", { body: "Two." })),
    });
    expect(await client.skills.versions.retrieve("2", { skill_id: skill.id })).toEqual(two);
    expect(await client.skills.versions.delete(two.id, { skill_id: skill.id })).toEqual({
      id: two.id,
      type: "skill_version_deleted",
    });
    expect(numberOf(await client.skills.retrieve(skill.id))).toBe("1");
    expect(await client.skills.delete(skill.id)).toEqual({ id: skill.id, type: "skill_deleted" });
    const gone = await refusal(client.skills.retrieve(skill.id));
    expect(gone.error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(gone.body).toMatchObject({ type: "error", error: { type: "not_found_error" } });
    expect(typeof (gone.body as { request_id?: unknown }).request_id).toBe("string");
  });

  it("EC-2 SV-7 deleting a skill an agent uses is a ConflictError (conflict_error) naming the agents", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("an-used")) });
    await t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: skill.latest_version_id }, key);
    await agentUsing(t, key, "an-user-agent", "an-used");
    const refused = await refusal(client.skills.delete(skill.id));
    expect(refused.error).toBeInstanceOf(Anthropic.ConflictError);
    expect(refused.type).toBe("conflict_error");
    expect(refused.message).toContain("'an-user-agent' version 1 (published)");
    expect(refused.body.error?.details?.agents).toEqual([expect.objectContaining({ name: "an-user-agent" })]);
    expect((await client.skills.retrieve(skill.id)).id).toBe(skill.id);
  });

  it("EC-2 display_name is a free label kept per skill: not unique, answered as given, the name when left out", async () => {
    const titled = await client.skills.create({
      files: await filesOf(skillFolder("an-named")),
      display_name: "A Friendly Title",
    });
    expect(titled).toMatchObject({ type: "skill", display_name: "A Friendly Title" });
    const twin = await client.beta.skills.create({
      files: await filesOf(skillFolder("an-named-twin")),
      display_name: "A Friendly Title",
    });
    expect(twin.display_name).toBe("A Friendly Title");
    expect((await client.skills.retrieve(titled.id)).display_name).toBe("A Friendly Title");
    const listed = (await client.skills.list({ limit: 100 })).data;
    expect(listed.filter((s) => s.display_name === "A Friendly Title").map((s) => s.id)).toEqual([twin.id, titled.id]);
    // A new version keeps the label; the skill's name is its SKILL.md name still.
    await client.skills.versions.create(titled.id, { files: await filesOf(skillFolder("an-named", { body: "v2" })) });
    expect(await client.skills.retrieve(titled.id)).toMatchObject({
      display_name: "A Friendly Title",
      latest_version: "2",
    });
    const read = await t.ok<{ skills: { items: Array<{ name: string; skill: { id: string; displayName: string } }> } }>(
      `query { skills(name: "an-named") { items { name skill { id name displayName } } } }`,
      {},
      key,
    );
    expect(read.skills.items.map((v) => v.skill)).toEqual([
      { id: titled.id, name: "an-named", displayName: "A Friendly Title" },
      { id: titled.id, name: "an-named", displayName: "A Friendly Title" },
    ]);
    const unlabelled = await t.ok<{ skills: { items: Array<{ skill: { displayName: string } }> } }>(
      `query { skills(name: "an-create") { items { skill { displayName } } } }`,
      {},
      key,
    );
    expect(unlabelled.skills.items[0]!.skill.displayName).toBe("an-create");
    const unicode = "Ünïcode — " + "é".repeat(245);
    const long = await client.skills.create({ files: await filesOf(skillFolder("an-long")), display_name: unicode });
    expect(long.display_name).toBe(unicode);
  });

  it("EC-2 refused content is a BadRequestError (invalid_request_error); a display_name over 255 characters is refused", async () => {
    const bad = await refusal(
      client.skills.create({ files: [await toFile(Buffer.from("---\nname: НАВЫК\n---\n"), "НАВЫК/SKILL.md")] }),
    );
    expect(bad.error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(bad.type).toBe("invalid_request_error");
    expect(bad.message).toContain("must be lowercase");
    const tooLong = await refusal(
      client.skills.create({ files: await filesOf(skillFolder("an-too-long")), display_name: "x".repeat(256) }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.message).toContain("display_name is 256 characters long; it may hold at most 255");
    expect((await client.skills.list({ limit: 100 })).data.map((s) => s.display_name)).not.toContain("x".repeat(256));
    const slip = await refusal(
      client.skills.create({
        files: [
          await toFile(
            Buffer.from(
              craftZip([
                { name: "an-slip/SKILL.md", data: Buffer.from(skillMd("an-slip")) },
                { name: "/etc/x", data: Buffer.from("x") },
              ]),
            ),
            "an-slip.zip",
          ),
        ],
      }),
    );
    expect(slip.status).toBe(400);
    expect(slip.message).toContain("may not start with '/'");
  });

  it("EC-2 the key may come as x-api-key; none or a bad one is an AuthenticationError (authentication_error)", async () => {
    const viaHeader = await fetch(`${t.url}/v1/skills?limit=1`, {
      headers: { "x-api-key": key, "anthropic-version": "2023-06-01" },
    });
    expect(viaHeader.status).toBe(200);
    expect(((await viaHeader.json()) as { data: unknown[] }).data).toHaveLength(1);
    const bad = new Anthropic({ baseURL: t.url, apiKey: "sk-ant-nothing", maxRetries: 0 });
    const refused = await refusal(bad.skills.list());
    expect(refused.error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(refused.type).toBe("authentication_error");
  });

  it("EC-2 a body over the bundle limits is a ContentTooLargeError (request_too_large), also when sent chunked", async () => {
    const sdk = new Anthropic({ baseURL: t.url, apiKey: key, maxRetries: 0 });
    const big = Buffer.alloc(12 * 1024 * 1024, 97);
    const refused = await refusal(
      sdk.skills.create({
        files: [await toFile(Buffer.from(skillMd("an-big")), "an-big/SKILL.md"), await toFile(big, "an-big/big.bin")],
      }),
    );
    expect(refused.error).toBeInstanceOf(Anthropic.ContentTooLargeError);
    expect(refused.type).toBe("request_too_large");
    // Without a Content-Length the body is read as it streams and refused once it goes past the limit.
    const chunked = await chunkedUpload(`${t.url}/v1/skills`, key, 16 * 1024 * 1024);
    expect(chunked.status).toBe(413);
    expect(chunked.body).toMatchObject({ type: "error", error: { type: "request_too_large" } });
  });

  it("EC-2 a version number that is not one of this skill's is a NotFoundError", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("an-missing")) });
    const other = await client.skills.create({ files: await filesOf(skillFolder("an-missing-other")) });
    for (const ref of ["2", other.latest_version_id, "0", "x"]) {
      const refused = await refusal(client.skills.versions.retrieve(ref, { skill_id: skill.id }));
      expect(refused.error, ref).toBeInstanceOf(Anthropic.NotFoundError);
    }
  });

  it("EC-2 a zip of a folder whose files lie outside it, or a zip bomb, is refused before anything is stored", async () => {
    const folder = skillFolder("an-zip-ok");
    const ok = await client.skills.create({ files: [await toFile(Buffer.from(zipOf(folder)), "an-zip-ok.zip")] });
    expect(ok.display_name).toBe("an-zip-ok");
    const bomb = craftZip([
      { name: "an-bomb/SKILL.md", data: Buffer.from(skillMd("an-bomb")) },
      { name: "an-bomb/bomb.bin", data: Buffer.alloc(9 * 1024 * 1024), deflate: true, declaredSize: 1000 },
    ]);
    const refused = await refusal(client.skills.create({ files: [await toFile(Buffer.from(bomb), "an-bomb.zip")] }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/an-bomb\/bomb\.bin/);
  });
});

function formOf(files: Record<string, string>): FormData {
  const form = new FormData();
  for (const [path, text] of Object.entries(files)) form.append("files[]", new Blob([text]), path);
  return form;
}

/** A multipart upload sent chunked (no Content-Length), `bytes` long, as a client streaming a large file would. */
function chunkedUpload(url: string, key: string, bytes: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const boundary = "sg-boundary";
    const req = http.request(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "anthropic-version": "2023-06-01",
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "transfer-encoding": "chunked",
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on("error", reject);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="an-chunk/big.bin"\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 98);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}
