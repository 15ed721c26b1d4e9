import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";
import { SKILL_FIELDS, skillMd } from "../../../test/support/skill-md";

const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { ${SKILL_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { ${SKILL_FIELDS} } }`;
const b64 = (text: string) => Buffer.from(text).toString("base64");

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `Calls ${name}.`,
  parameters: { type: "object", properties: { account_id: { type: "string" } }, required: ["account_id"] },
  webhookUrl: "https://hooks.example.com/" + name,
  ...extra,
});

type Problem = { path: string; message: string };
type Named = { name: string };
type SkillDiff = {
  skill_md: { changed: boolean; added: number; removed: number; lines: Array<{ op: string; line: string }> };
  tools: { added: Named[]; removed: Named[]; changed: Array<{ to: Named }> };
  files: { added: Array<{ path: string }>; changed: Array<{ to: { path: string } }> };
  knowledge_bases: Record<"added" | "removed" | "changed", Array<Record<string, string>>>;
};
type Details = { field?: string; problems?: Problem[] };

describeEachDialect("skill content", { outboundAllowHosts: ["10.9.9.9"] }, (t, dialect) => {
  let key: string;
  let projectId: string;

  beforeAll(async () => {
    ({ id: projectId, adminKey: key } = await t.project());
  });

  it("SK-1 frontmatter and body are read; other keys are kept verbatim with a warning", async () => {
    const md =
      "\uFEFF\r\n---\r\nname: sk1-read\r\ndescription: yes\r\nargument-hint: <account>\r\nmetadata:\r\n  owner: billing\r\n---\r\n# Steps\r\nDo it.\r\n";
    const { createSkillVersion: v } = await t.ok<{
      createSkillVersion: Record<string, unknown> & { warnings: string[]; instructions: string; skillMd: string };
    }>(CREATE, { input: { skillMd: md } }, key);
    expect(v).toMatchObject({
      name: "sk1-read",
      description: "yes",
      frontmatter: {
        name: "sk1-read",
        description: "yes",
        "argument-hint": "<account>",
        metadata: { owner: "billing" },
      },
    });
    expect(v.instructions).toContain("# Steps\nDo it.");
    expect(v.skillMd.startsWith("---\nname: sk1-read")).toBe(true);
    expect(v.warnings.join(" ")).toContain("argument-hint");
  });

  it("SK-1 an underscore name is accepted with a portability warning", async () => {
    const { createSkillVersion: v } = await t.ok<{ createSkillVersion: { name: string; warnings: string[] } }>(
      CREATE,
      { input: { skillMd: skillMd("explain_bill") } },
      key,
    );
    expect(v.name).toBe("explain_bill");
    expect(v.warnings.length).toBeGreaterThan(0);
  });

  it("SK-1 a too-long description is kept on a draft with a warning and refused at publish", async () => {
    const { createSkillVersion: v } = await t.ok<{ createSkillVersion: { id: string; warnings: string[] } }>(
      CREATE,
      { input: { skillMd: skillMd("sk1-long", { description: "x".repeat(1100) }) } },
      key,
    );
    expect(v.warnings.join(" ")).toMatch(/1024/);
    const res = await t.gql(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: v.id }, key);
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { field: "frontmatter.description" },
    });
  });

  it("SK-1 SK-5 every problem of one input is reported together with its path", async () => {
    const md = "---\nname: Bad--Name\ndescription: [a, b]\n---\nbody";
    const res = await t.gql(
      CREATE,
      { input: { skillMd: md, tools: [tool("ok"), { ...tool("bad url"), webhookUrl: "ftp://x" }] } },
      key,
    );
    const details = res.errors?.[0]?.extensions?.details as Details;
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const paths = details.problems!.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(["frontmatter.name", "frontmatter.description", "tools[1].name", "tools[1].webhook_url"]),
    );
    expect(details.field).toBe(paths[0]);
    expect(details.problems!.find((p) => p.path === "tools[1].webhook_url")!.message).toContain(
      "tools[1] 'bad url' webhook_url:",
    );
  });

  it("SK-3 SEC-13 a tool webhook on a loopback, private or link-local address is refused when saved, by place", async () => {
    const urls = [
      "http://127.0.0.1:8080/tool",
      "http://localhost/tool",
      "http://[::1]/tool",
      "http://192.168.1.20/tool",
      "http://169.254.169.254/latest/meta-data",
      "http://[::ffff:127.0.0.2]/tool",
    ];
    const tools = urls.map((url, i) => tool(`t${i}`, { webhookUrl: url }));
    const res = await t.gql(CREATE, { input: { skillMd: skillMd("sec13-tools"), tools: [tool("ok"), ...tools] } }, key);
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const details = res.errors?.[0]?.extensions?.details as Details;
    expect(details.field).toBe("tools[1].webhook_url");
    expect(details.problems!.map((p) => p.path)).toEqual(urls.map((_, i) => `tools[${i + 1}].webhook_url`));
    expect(details.problems![0]!.message).toContain(
      "tools[1] 't0' webhook_url: 'http://127.0.0.1:8080/tool' is refused",
    );
    expect(details.problems![0]!.message).toContain("OUTBOUND_ALLOW_HOSTS");
    // Nothing was stored; an edit of a draft is checked the same way; an allow-listed address passes.
    expect(
      (await t.ok<{ skills: { total: number } }>(`{ skills(name: "sec13-tools") { total } }`, {}, key)).skills.total,
    ).toBe(0);
    const { createSkillVersion: draft } = await t.ok<{ createSkillVersion: { id: string } }>(
      CREATE,
      { input: { skillMd: skillMd("sec13-tools"), tools: [tool("inside", { webhookUrl: "http://10.9.9.9/tool" })] } },
      key,
    );
    const edit = await t.gql(
      UPDATE,
      {
        id: draft.id,
        input: { skillMd: skillMd("sec13-tools"), tools: [tool("x", { webhookUrl: "http://10.0.0.1/x" })] },
      },
      key,
    );
    expect(edit.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { field: "tools[0].webhook_url" },
    });
  });

  it("SK-1 unclosed frontmatter is refused", async () => {
    const res = await t.gql(CREATE, { input: { skillMd: "---\nname: x\ndescription: y\n" } }, key);
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("SK-3 tools are stored; the secret reads back as *** and is kept when sent back as ***", async () => {
    const { createSkillVersion: v } = await t.ok<{
      createSkillVersion: { id: string; tools: Array<Record<string, unknown>> };
    }>(
      CREATE,
      {
        input: {
          skillMd: skillMd("sk3-tools"),
          tools: [tool("get_invoices", { webhookSecret: "s3cr3t-value" }), tool("no_secret")],
        },
      },
      key,
    );
    expect(v.tools).toEqual([
      expect.objectContaining({
        name: "get_invoices",
        webhookSecret: "***",
        webhookUrl: "https://hooks.example.com/get_invoices",
      }),
      expect.objectContaining({ name: "no_secret", webhookSecret: null }),
    ]);
    const updated = await t.ok<{
      updateSkillVersion: { tools: Array<{ name: string; webhookSecret: string | null }> };
    }>(
      UPDATE,
      {
        id: v.id,
        input: {
          skillMd: skillMd("sk3-tools", { body: "v1b" }),
          tools: [tool("get_invoices", { webhookSecret: "***" })],
        },
      },
      key,
    );
    expect(updated.updateSkillVersion.tools).toEqual([
      expect.objectContaining({ name: "get_invoices", webhookSecret: "***" }),
    ]);
    const version = await t.app.services.skills.get(
      { requestId: "t", principal: { kind: "key", keyId: "k", projectId, role: "admin" }, loaders: undefined as never },
      v.id,
    );
    expect(t.app.services.skills.openToolSecret(version!, "get_invoices")).toBe("s3cr3t-value");
  });

  it("SK-3 parameters must be a JSON Schema of type object, checked by a real validator", async () => {
    const res = await t.gql(
      CREATE,
      {
        input: {
          skillMd: skillMd("sk3-schema"),
          tools: [
            tool("a", { parameters: { type: "string" } }),
            tool("b", { parameters: { type: "object", properties: { x: { type: "nope" } } } }),
            tool("a"),
          ],
        },
      },
      key,
    );
    const paths = (res.errors?.[0]?.extensions?.details as Details).problems!.map((p) => p.path);
    expect(paths).toEqual(["tools[0].parameters", "tools[1].parameters", "tools[2].name"]);
  });

  it("SK-4 knowledge bases of the project are referenced with a mode; another project's is refused by place and id", async () => {
    const kb = await t.ok<{ createKnowledgeBase: { id: string } }>(
      `mutation { createKnowledgeBase(input: { name: "Rates" }) { id } }`,
      {},
      key,
    );
    const other = await t.project("other");
    const foreign = await t.ok<{ createKnowledgeBase: { id: string } }>(
      `mutation { createKnowledgeBase(input: { name: "Theirs" }) { id } }`,
      {},
      other.adminKey,
    );
    const ok = await t.ok<{
      createSkillVersion: { knowledgeBases: Array<{ mode: string; knowledgeBase: { id: string; name: string } }> };
    }>(
      CREATE,
      {
        input: {
          skillMd: skillMd("sk4-kb"),
          knowledgeBases: [{ knowledgeBaseId: kb.createKnowledgeBase.id, mode: "TOOL" }],
        },
      },
      key,
    );
    expect(ok.createSkillVersion.knowledgeBases).toEqual([
      { mode: "TOOL", knowledgeBase: { id: kb.createKnowledgeBase.id, name: "Rates" } },
    ]);
    const refused = await t.gql(
      CREATE,
      {
        input: {
          skillMd: skillMd("sk4-kb"),
          knowledgeBases: [{ knowledgeBaseId: foreign.createKnowledgeBase.id, mode: "PROMPT" }],
        },
      },
      key,
    );
    expect(refused.errors?.[0]?.extensions?.details).toMatchObject({ field: "knowledge_bases[0]" });
    expect(refused.errors?.[0]?.message).toContain(
      `knowledge_bases[0] '${foreign.createKnowledgeBase.id}': not in this project`,
    );
  });

  it("SK-2 files are stored content-addressed: an unchanged file costs nothing in a new version", async () => {
    const files = [{ path: "references/rates.md", contentBase64: b64("# Rates\n") }];
    const v1 = await t.ok<{ createSkillVersion: { files: Array<{ path: string; size: number; sha256: string }> } }>(
      CREATE,
      { input: { skillMd: skillMd("sk2-files"), files } },
      key,
    );
    const v2 = await t.ok<{ createSkillVersion: { files: Array<{ sha256: string }> } }>(
      CREATE,
      { input: { skillMd: skillMd("sk2-files", { body: "new" }), files } },
      key,
    );
    expect(v1.createSkillVersion.files).toEqual([
      { path: "references/rates.md", size: 8, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(v2.createSkillVersion.files[0]!.sha256).toBe(v1.createSkillVersion.files[0]!.sha256);
    const [row] = (await t.app.db.dataSource.query(
      `SELECT COUNT(*) AS count FROM blobs WHERE sha256 = $1`.replace("$1", dialect === "postgres" ? "$1" : "?"),
      [v1.createSkillVersion.files[0]!.sha256],
    )) as Array<{ count: string | number }>;
    expect(Number(row!.count)).toBe(1);
  });

  it("SK-2 unsafe file paths are refused by place and name", async () => {
    const res = await t.gql(
      CREATE,
      {
        input: {
          skillMd: skillMd("sk2-paths"),
          files: [
            { path: "references/ok.md", contentBase64: b64("ok") },
            { path: "references/../x", contentBase64: b64("x") },
            { path: "/etc/passwd", contentBase64: b64("x") },
          ],
        },
      },
      key,
    );
    const problems = (res.errors?.[0]?.extensions?.details as Details).problems!;
    expect(problems.map((p) => p.path)).toEqual(["files[1]", "files[2]"]);
    expect(problems[0]!.message).toContain("files[1] 'references/../x'");
  });

  it("SK-2 SEC-15 the same new bundle imported three times at once makes one version, and all three answer it", async () => {
    const { writeZipBundle } = await import("./skill-zip");
    for (let round = 0; round < 4; round++) {
      const name = `sk2-race-${round}`;
      await t.ok(CREATE, { input: { skillMd: skillMd(name) } }, key);
      const zip = Buffer.from(
        writeZipBundle(name, {
          skillMd: skillMd(name, { body: "the same new content" }),
          files: [{ path: "references/a.md", content: new TextEncoder().encode("A") }],
        }),
      ).toString("base64");
      const answers = await Promise.all(
        [0, 1, 2].map(() =>
          t.ok<{ importSkillBundle: { id: string; version: number } }>(
            `mutation($zip: String!) { importSkillBundle(zipBase64: $zip) { id version } }`,
            { zip },
            key,
          ),
        ),
      );
      expect(new Set(answers.map((a) => a.importSkillBundle.version)), name).toEqual(new Set([2]));
      const listed = await t.ok<{ skills: { total: number } }>(
        `query($name: String) { skills(name: $name) { total } }`,
        { name },
        key,
      );
      expect(listed.skills.total, name).toBe(2);
    }
  });

  it("SK-2 a zip bundle imports as the next draft, exports back, and an identical re-import makes no new version", async () => {
    const v1 = await t.ok<{ createSkillVersion: { id: string } }>(
      CREATE,
      {
        input: {
          skillMd: skillMd("sk2-bundle"),
          files: [{ path: "references/a.md", contentBase64: b64("A") }],
          tools: [tool("lookup", { webhookSecret: "keep-me" })],
        },
      },
      key,
    );
    const exported = await t.ok<{ exportSkillBundle: string }>(
      `query($id: ID!) { exportSkillBundle(id: $id) }`,
      { id: v1.createSkillVersion.id },
      key,
    );
    const same = await t.ok<{ importSkillBundle: { id: string; version: number; warnings: string[] } }>(
      `mutation($zip: String!) { importSkillBundle(zipBase64: $zip) { id version warnings } }`,
      { zip: exported.exportSkillBundle },
      key,
    );
    expect(same.importSkillBundle).toMatchObject({ id: v1.createSkillVersion.id, version: 1 });
    expect(same.importSkillBundle.warnings.join(" ")).toMatch(/identical/);

    const { writeZipBundle } = await import("./skill-zip");
    const changed = writeZipBundle("sk2-bundle", {
      skillMd: skillMd("sk2-bundle", { body: "changed" }),
      files: [{ path: "references/a.md", content: new TextEncoder().encode("A") }],
    });
    const v2 = await t.ok<{
      importSkillBundle: {
        version: number;
        state: string;
        files: Array<{ path: string }>;
        tools: Array<{ name: string; webhookSecret: string }>;
      };
    }>(
      `mutation($zip: String!) { importSkillBundle(zipBase64: $zip) { version state files { path } tools { name webhookSecret } } }`,
      { zip: Buffer.from(changed).toString("base64") },
      key,
    );
    expect(v2.importSkillBundle).toMatchObject({
      version: 2,
      state: "DRAFT",
      files: [{ path: "references/a.md" }],
      tools: [{ name: "lookup", webhookSecret: "***" }],
    });
  });

  it("SK-2 a zip with a path escaping its folder is refused before anything is written", async () => {
    const { zipSync } = await import("fflate");
    const evil = zipSync({
      "evil/SKILL.md": new TextEncoder().encode(skillMd("evil")),
      "evil/../../etc/x": new Uint8Array([1]),
    });
    const res = await t.gql(
      `mutation($zip: String!) { importSkillBundle(zipBase64: $zip) { id } }`,
      { zip: Buffer.from(evil).toString("base64") },
      key,
    );
    expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const list = await t.ok<{ skills: { total: number } }>(`{ skills(name: "evil") { total } }`, {}, key);
    expect(list.skills.total).toBe(0);
  });

  it("SV-8 two versions compare as a diff of SKILL.md, tools, knowledge bases and files", async () => {
    const kb = async (name: string) =>
      (
        await t.ok<{ createKnowledgeBase: { id: string } }>(
          `mutation($name: String!) { createKnowledgeBase(input: { name: $name }) { id } }`,
          { name },
          key,
        )
      ).createKnowledgeBase.id;
    const [kept, moded, dropped, added] = [
      await kb("sv8 kept"),
      await kb("sv8 moded"),
      await kb("sv8 dropped"),
      await kb("sv8 added"),
    ];
    const a = await t.ok<{ createSkillVersion: { id: string } }>(
      CREATE,
      {
        input: {
          skillMd: skillMd("sv8-diff", { body: "line one\nline two" }),
          tools: [tool("t1"), tool("t2")],
          files: [{ path: "references/a.md", contentBase64: b64("A") }],
          knowledgeBases: [
            { knowledgeBaseId: kept, mode: "PROMPT" },
            { knowledgeBaseId: moded, mode: "PROMPT" },
            { knowledgeBaseId: dropped, mode: "TOOL" },
          ],
        },
      },
      key,
    );
    const b = await t.ok<{ createSkillVersion: { id: string } }>(
      CREATE,
      {
        input: {
          skillMd: skillMd("sv8-diff", { body: "line one\nline 2" }),
          tools: [tool("t1", { description: "Changed." }), tool("t3")],
          files: [
            { path: "references/a.md", contentBase64: b64("A2") },
            { path: "references/b.md", contentBase64: b64("B") },
          ],
          knowledgeBases: [
            { knowledgeBaseId: kept, mode: "PROMPT" },
            { knowledgeBaseId: moded, mode: "TOOL" },
            { knowledgeBaseId: added, mode: "PROMPT" },
          ],
        },
      },
      key,
    );
    const { diffSkillVersions: d } = await t.ok<{ diffSkillVersions: SkillDiff }>(
      `query($a: ID!, $b: ID!) { diffSkillVersions(fromId: $a, toId: $b) }`,
      { a: a.createSkillVersion.id, b: b.createSkillVersion.id },
      key,
    );
    expect(d.skill_md).toMatchObject({ changed: true, added: 1, removed: 1 });
    expect(d.skill_md.lines).toEqual(
      expect.arrayContaining([
        { op: "remove", line: "line two" },
        { op: "add", line: "line 2" },
      ]),
    );
    expect(d.tools.added.map((x) => x.name)).toEqual(["t3"]);
    expect(d.tools.removed.map((x) => x.name)).toEqual(["t2"]);
    expect(d.tools.changed.map((x) => x.to.name)).toEqual(["t1"]);
    expect(d.files.added.map((x) => x.path)).toEqual(["references/b.md"]);
    expect(d.files.changed.map((x) => x.to.path)).toEqual(["references/a.md"]);
    // An unchanged reference is not listed; a new mode is a change, not a removal and an addition.
    expect(d.knowledge_bases).toEqual({
      added: [{ knowledge_base_id: added, mode: "prompt" }],
      removed: [{ knowledge_base_id: dropped, mode: "tool" }],
      changed: [{ knowledge_base_id: moded, from_mode: "prompt", to_mode: "tool" }],
    });
  });
});
