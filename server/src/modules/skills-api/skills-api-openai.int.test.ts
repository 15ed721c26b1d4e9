import OpenAI, { toFile } from "openai";
import { beforeAll, expect, it } from "vitest";
import { craftZip } from "../../../test/support/crafted-zip";
import { skillMd } from "../../../test/support/skill-md";
import { agentUsing, keyWithRole, skillFolder, zipOf } from "../../../test/support/skills-api";
import { describeEachDialect } from "../../../test/support/test-app";
import { readZipBundle } from "../skills";

const filesOf = (folder: Record<string, string>) =>
  Promise.all(Object.entries(folder).map(([path, text]) => toFile(Buffer.from(text), path)));

/** What a caught SDK error says: its class, status, type, code and message. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof OpenAI.APIError)) throw error;
    const body = error.error as { message?: string; details?: Record<string, unknown> } | undefined;
    return {
      error,
      status: error.status,
      type: error.type,
      code: error.code,
      param: error.param,
      message: body?.message ?? "",
      body,
    };
  }
  throw new Error("expected the SDK to throw");
}

describeEachDialect("Skills API with the official openai SDK (EC-1)", (t) => {
  let key: string;
  let client: OpenAI;

  beforeAll(async () => {
    key = (await t.project("Skills API (OpenAI)")).adminKey;
    client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: key, timeout: 20_000 });
  });

  it("EC-1 skills.create uploads a folder's files (multipart); the skill's version 1 is a draft with no default yet", async () => {
    const skill = await client.skills.create({
      files: await filesOf(skillFolder("oa-folder", { files: { "references/rates.md": "# Rates" } })),
    });
    expect(skill).toMatchObject({
      object: "skill",
      name: "oa-folder",
      description: "Use when the caller asks about oa-folder.",
      latest_version: "1",
      default_version: null,
    });
    expect(typeof skill.created_at).toBe("number");
    // One store (EC-2): GraphQL sees the same version, with its file.
    const read = await t.ok<{
      skills: { items: Array<{ version: number; state: string; files: Array<{ path: string }> }> };
    }>(`query { skills(name: "oa-folder") { items { version state files { path } } } }`, {}, key);
    expect(read.skills.items).toEqual([{ version: 1, state: "DRAFT", files: [{ path: "references/rates.md" }] }]);
  });

  it("EC-1 skills.create takes one zip; retrieve and content give the skill and its bundle back", async () => {
    const folder = skillFolder("oa-zip", { files: { "scripts/run.py": "print(1)" } });
    const skill = await client.skills.create({ files: await toFile(Buffer.from(zipOf(folder)), "oa-zip.zip") });
    expect(await client.skills.retrieve(skill.id)).toEqual(skill);
    const response = await client.skills.content.retrieve(skill.id);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const bundle = await readZipBundle(new Uint8Array(await response.arrayBuffer()));
    expect(bundle.ok && bundle.folder).toBe("oa-zip");
    expect(bundle.ok && bundle.bundle.files.map((f) => [f.path, Buffer.from(f.content).toString()])).toEqual([
      ["scripts/run.py", "print(1)"],
    ]);
  });

  it("EC-1 versions.create({ default: true }) publishes the new version; update(default_version) publishes or rolls back", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("oa-live")) });
    const v2 = await client.skills.versions.create(skill.id, {
      files: await filesOf(skillFolder("oa-live", { body: "Second." })),
      default: true,
    });
    expect(v2).toMatchObject({ object: "skill.version", skill_id: skill.id, version: "2", name: "oa-live" });
    expect(await client.skills.retrieve(skill.id)).toMatchObject({ default_version: "2", latest_version: "2" });
    // version 1 is a draft: making it the default publishes it (and archives 2) …
    expect(await client.skills.update(skill.id, { default_version: "1" })).toMatchObject({ default_version: "1" });
    // … and back to 2, archived now, is a rollback, through the same lifecycle as GraphQL (SV-9's pointer log).
    expect(await client.skills.update(skill.id, { default_version: "2" })).toMatchObject({ default_version: "2" });
    const history = await t.ok<{ skillPointerHistory: Array<{ action: string; version: number }> }>(
      `query { skillPointerHistory(name: "oa-live") { action version } }`,
      {},
      key,
    );
    expect(history.skillPointerHistory).toEqual([
      { action: "publish", version: 2 },
      { action: "publish", version: 1 },
      { action: "rollback", version: 2 },
    ]);
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string }> } }>(
      `query { auditLog(resourceType: "skill", limit: 200) { items { action } } }`,
      {},
      key,
    );
    expect(audit.auditLog.items.map((e) => e.action)).toEqual(expect.arrayContaining(["publish", "rollback"]));
  });

  it("EC-1 list and versions.list page by cursor (after, limit, order, has_more, first_id, last_id) over many pages", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("oa-pages")) });
    for (const n of [2, 3, 4]) {
      await client.skills.versions.create(skill.id, {
        files: await filesOf(skillFolder("oa-pages", { body: `v${n}` })),
      });
    }
    const first = await client.skills.versions.list(skill.id, { limit: 3 });
    expect(first.data.map((v) => v.version)).toEqual(["4", "3", "2"]);
    expect(first.has_more).toBe(true);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((v) => v.version)).toEqual(["1"]);
    expect(second.hasNextPage()).toBe(false);
    const ascending: string[] = [];
    for await (const version of client.skills.versions.list(skill.id, { limit: 1, order: "asc" }))
      ascending.push(version.version);
    expect(ascending).toEqual(["1", "2", "3", "4"]);

    const names: string[] = [];
    for await (const s of client.skills.list({ limit: 2, order: "asc" })) names.push(s.name);
    expect(names).toEqual(["oa-folder", "oa-zip", "oa-live", "oa-pages"]);
    const page = await client.skills.list({ limit: 2 });
    expect(page.data.map((s) => s.name)).toEqual(["oa-pages", "oa-live"]);
    expect(page.has_more).toBe(true);
    const raw = (await (
      await fetch(`${t.url}/v1/skills?limit=2`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { object: string; first_id: string; last_id: string };
    expect(raw).toMatchObject({ object: "list", first_id: page.data[0]!.id, last_id: page.data[1]!.id });
  });

  it("EC-1 versions.retrieve, versions.content and versions.delete address a version by its number", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("oa-versions")) });
    await client.skills.versions.create(skill.id, {
      files: await filesOf(skillFolder("oa-versions", { body: "Two." })),
    });
    const one = await client.skills.versions.retrieve("1", { skill_id: skill.id });
    expect(one).toMatchObject({ version: "1", skill_id: skill.id, state: "draft" });
    const zip = await client.skills.versions.content.retrieve("2", { skill_id: skill.id });
    const bundle = await readZipBundle(new Uint8Array(await zip.arrayBuffer()));
    expect(bundle.ok && bundle.bundle.skillMd).toContain("Two.");
    expect(await client.skills.versions.delete("1", { skill_id: skill.id })).toEqual({
      id: one.id,
      object: "skill.version.deleted",
      deleted: true,
      version: "1",
    });
    const gone = await refusal(client.skills.versions.retrieve("1", { skill_id: skill.id }));
    expect(gone.error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((await client.skills.retrieve(skill.id)).latest_version).toBe("2");
    expect(await client.skills.delete(skill.id)).toEqual({ id: skill.id, object: "skill.deleted", deleted: true });
    expect((await refusal(client.skills.retrieve(skill.id))).error).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("EC-1 SV-7 deleting a skill or a version an agent uses is a ConflictError naming the agents; nothing is deleted", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("oa-used")) });
    await client.skills.update(skill.id, { default_version: "1" });
    await agentUsing(t, key, "oa-user-agent", "oa-used");
    for (const attempt of [
      () => client.skills.delete(skill.id),
      () => client.skills.versions.delete("1", { skill_id: skill.id }),
    ]) {
      const refused = await refusal(attempt());
      expect(refused.error).toBeInstanceOf(OpenAI.ConflictError);
      expect(refused.code).toBe("skill_in_use");
      expect(refused.message).toContain("'oa-user-agent' version 1 (published)");
      expect(refused.body?.details?.agents).toEqual([
        expect.objectContaining({ name: "oa-user-agent", version: 1, state: "published" }),
      ]);
      expect(refused.error.headers?.get("x-should-retry")).toBe("false");
    }
    expect((await client.skills.retrieve(skill.id)).default_version).toBe("1");
  });

  it("EC-1 a version or skill that is not there is a NotFoundError; another project's skill too (PJ-1)", async () => {
    const other = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: (await t.project("other")).adminKey, maxRetries: 0 });
    const skill = await client.skills.create({ files: await filesOf(skillFolder("oa-private")) });
    for (const attempt of [
      () => client.skills.retrieve("no-such-skill"),
      () => client.skills.versions.retrieve("7", { skill_id: skill.id }),
      () => client.skills.versions.retrieve("latest", { skill_id: "no-such-skill" }),
      () => client.skills.update(skill.id, { default_version: "9" }),
      () => other.skills.retrieve(skill.id),
      () => other.skills.versions.list(skill.id),
    ]) {
      const refused = await refusal(attempt());
      expect(refused.error).toBeInstanceOf(OpenAI.NotFoundError);
      expect(refused.type).toBe("invalid_request_error");
    }
  });

  it("EC-1 a bundle the validator refuses is an UnprocessableEntityError with every problem, in OpenAI's error shape", async () => {
    const bad = await refusal(
      client.skills.create({ files: [await toFile(Buffer.from("---\nname: Oa-Bad\n---\nbody\n"), "Oa-Bad/SKILL.md")] }),
    );
    expect(bad.error).toBeInstanceOf(OpenAI.UnprocessableEntityError);
    expect(bad.type).toBe("invalid_request_error");
    expect(bad.param).toBe("frontmatter.name");
    expect(bad.message).toContain("'Oa-Bad' contains 'O' and 'B'");
    expect(bad.message).toContain("a description is required");
    expect((bad.body?.details?.problems as unknown[]).length).toBe(2);
    const notAZip = await refusal(client.skills.create({ files: await toFile(Buffer.from("PK not really"), "x.zip") }));
    expect(notAZip.status).toBe(422);
    expect(notAZip.message).toContain("not a readable zip archive");
    const mismatch = await refusal(
      client.skills.create({ files: [await toFile(Buffer.from(skillMd("oa-other")), "oa-folder-x/SKILL.md")] }),
    );
    expect(mismatch.message).toContain("is not the name of the bundle's folder");
  });

  it("EC-1 SEC-11 zip-slip, symlinks and files outside the top folder are refused as importSkillBundle refuses them", async () => {
    const md = skillMd("oa-evil");
    const cases: Array<[string, Uint8Array, RegExp]> = [
      [
        "zip-slip",
        craftZip([
          { name: "oa-evil/SKILL.md", data: Buffer.from(md) },
          { name: "oa-evil/../../etc/x", data: Buffer.from("x") },
        ]),
        /'\.\.' segment/,
      ],
      [
        "symlink",
        craftZip([
          { name: "oa-evil/SKILL.md", data: Buffer.from(md) },
          { name: "oa-evil/link", data: Buffer.from("/etc/passwd"), unixMode: 0o120777 },
        ]),
        /symbolic link is refused/,
      ],
      ["outside", zipOf({ "oa-evil/SKILL.md": md, "stray.txt": "x" }), /exactly one folder/],
    ];
    for (const [what, zip, expected] of cases) {
      const refused = await refusal(client.skills.create({ files: await toFile(Buffer.from(zip), `${what}.zip`) }));
      expect(refused.status, what).toBe(422);
      expect(refused.message, what).toMatch(expected);
    }
    const outside = await refusal(
      client.skills.create({
        files: [await toFile(Buffer.from(md), "oa-evil/SKILL.md"), await toFile(Buffer.from("x"), "elsewhere/x.md")],
      }),
    );
    expect(outside.message).toMatch(/upload must hold exactly one folder/);
  });

  it("EC-1 a body over the bundle limits is 413 before it is read whole", async () => {
    const small = await t.project("small limits");
    const huge = Buffer.alloc(12 * 1024 * 1024, 97);
    const sdk = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: small.adminKey, maxRetries: 0 });
    const refused = await refusal(
      sdk.skills.create({
        files: [await toFile(Buffer.from(skillMd("oa-big")), "oa-big/SKILL.md"), await toFile(huge, "oa-big/big.bin")],
      }),
    );
    expect(refused.status).toBe(413);
    expect(refused.code).toBe("request_too_large");
    expect(refused.message).toMatch(/bytes/);
  });

  it("EC-1 a missing or bad key is an AuthenticationError; a viewer key cannot create (PermissionDeniedError)", async () => {
    const anonymous = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: "sk-not-a-key", maxRetries: 0 });
    expect((await refusal(anonymous.skills.list())).error).toBeInstanceOf(OpenAI.AuthenticationError);
    const viewer = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: await keyWithRole(t, key, "VIEWER"), maxRetries: 0 });
    expect((await viewer.skills.list({ limit: 1 })).data).toHaveLength(1);
    const refused = await refusal(viewer.skills.create({ files: await filesOf(skillFolder("oa-viewer")) }));
    expect(refused.error).toBeInstanceOf(OpenAI.PermissionDeniedError);
  });

  it("EC-1 an existing name is a ConflictError unless the upload is identical (a retried create answers the same skill)", async () => {
    const folder = skillFolder("oa-twice");
    const skill = await client.skills.create({ files: await filesOf(folder) });
    expect(await client.skills.create({ files: await filesOf(folder) })).toEqual(skill);
    const changed = await refusal(
      client.skills.create({ files: await filesOf(skillFolder("oa-twice", { body: "New." })) }),
    );
    expect(changed.error).toBeInstanceOf(OpenAI.ConflictError);
    expect(changed.message).toContain(`/v1/skills/${skill.id}/versions`);
  });

  it("EC-1 SEC-15 creates of one new name at once: one makes the skill, a different upload is a ConflictError, an identical one answers it", async () => {
    const sdk = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: key, timeout: 20_000, maxRetries: 0 });
    for (let round = 0; round < 4; round++) {
      const name = `oa-race-${round}`;
      const [a, b, same] = await Promise.allSettled([
        sdk.skills.create({ files: await filesOf(skillFolder(name, { body: "A." })) }),
        sdk.skills.create({ files: await filesOf(skillFolder(name, { body: "B." })) }),
        sdk.skills.create({ files: await filesOf(skillFolder(name, { body: "A." })) }),
      ]);
      const outcome = (r: PromiseSettledResult<unknown>) =>
        r.status === "fulfilled" ? "made" : r.reason instanceof OpenAI.ConflictError ? "conflict" : String(r.reason);
      // Either A's content went in first (B conflicts, the same A answers it) or B's (both A uploads conflict).
      expect(["made,conflict,made", "conflict,made,conflict"], name).toContain(
        [outcome(a), outcome(b), outcome(same)].join(),
      );
      const read = await t.ok<{ skills: { total: number } }>(
        `query($name: String) { skills(name: $name) { total } }`,
        { name },
        key,
      );
      expect(read.skills.total, name).toBe(1);
    }
  });

  it("EC-1 retries with one Idempotency-Key make one version; the key with another request is refused", async () => {
    const skill = await client.skills.create({ files: await filesOf(skillFolder("oa-idem")) });
    const headers = { "Idempotency-Key": `idem-${t.dialect}-1` };
    const folder = skillFolder("oa-idem", { body: "Retried." });
    const first = await client.skills.versions.create(skill.id, { files: await filesOf(folder) }, { headers });
    // Meanwhile another version lands: a retry of the first request must not make a third one.
    await client.skills.versions.create(skill.id, { files: await filesOf(skillFolder("oa-idem", { body: "Other." })) });
    const retried = await client.skills.versions.create(skill.id, { files: await filesOf(folder) }, { headers });
    expect(retried).toEqual(first);
    expect((await client.skills.retrieve(skill.id)).latest_version).toBe("3");
    const reused = await refusal(
      client.skills.versions.create(
        skill.id,
        { files: await filesOf(skillFolder("oa-idem", { body: "Else." })) },
        { headers },
      ),
    );
    expect(reused.error).toBeInstanceOf(OpenAI.UnprocessableEntityError);
    expect(reused.code).toBe("idempotency_key_reused");
  });
});
