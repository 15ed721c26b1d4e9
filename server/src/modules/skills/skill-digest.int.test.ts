import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../test/support/test-app";
import { skillMd } from "../../../test/support/skill-md";
import { skillBundleDigest, skillVersionDigest } from "./skill-digest";

const FIELDS = `id version digest skillMd files { path sha256 }`;
const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: SkillVersionInput!) { updateSkillVersion(id: $id, input: $input) { ${FIELDS} } }`;
const READ = `query($id: ID!) { skillVersion(id: $id) { ${FIELDS} } }`;
const b64 = (text: string) => Buffer.from(text).toString("base64");

interface Version {
  id: string;
  version: number;
  digest: string;
  skillMd: string;
  files: Array<{ path: string; sha256: string }>;
}

const tool = (secret?: string | null) => ({
  name: "get_invoices",
  description: "Lists invoices.",
  webhookUrl: "https://hooks.example.com/invoices",
  ...(secret === undefined ? {} : { webhookSecret: secret }),
});

describeEachDialect("SkillVersion.digest", (t) => {
  let key: string;
  beforeAll(async () => {
    key = (await t.project()).adminKey;
  });

  const create = async (input: Record<string, unknown>) =>
    (await t.ok<{ createSkillVersion: Version }>(CREATE, { input }, key)).createSkillVersion;
  const update = async (id: string, input: Record<string, unknown>) =>
    (await t.ok<{ updateSkillVersion: Version }>(UPDATE, { id, input }, key)).updateSkillVersion;

  it("AP-2 a version without tools or knowledge bases has the digest of its SKILL.md and files' digests", async () => {
    const v = await create({
      skillMd: skillMd("digest-plain"),
      files: [{ path: "references/a.md", contentBase64: b64("A") }],
    });
    expect(v.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(v.digest).toBe(skillVersionDigest({ skillMd: v.skillMd, files: v.files, tools: [], knowledgeBases: [] }));
    expect(v.digest).not.toBe(skillBundleDigest(v));
    const read = (await t.ok<{ skillVersion: Version }>(READ, { id: v.id }, key)).skillVersion;
    expect(read.digest).toBe(v.digest);
  });

  it("AP-2 editing a draft changes its digest; the same content again gives the same digest", async () => {
    const v = await create({ skillMd: skillMd("digest-edit") });
    const edited = await update(v.id, { skillMd: skillMd("digest-edit", { body: "Other steps." }) });
    expect(edited.digest).not.toBe(v.digest);
    const back = await update(v.id, { skillMd: skillMd("digest-edit") });
    expect(back.digest).toBe(v.digest);
  });

  it("AP-2 a tool's secret counts by fingerprint: a new secret changes the digest, '***' keeps it", async () => {
    const v = await create({ skillMd: skillMd("digest-secret"), tools: [tool("s3cret")] });
    const kept = await update(v.id, { skillMd: skillMd("digest-secret"), tools: [tool("***")] });
    expect(kept.digest).toBe(v.digest);
    const changed = await update(v.id, { skillMd: skillMd("digest-secret"), tools: [tool("other")] });
    expect(changed.digest).not.toBe(v.digest);
    const none = await update(v.id, { skillMd: skillMd("digest-secret"), tools: [tool(null)] });
    expect(new Set([v.digest, changed.digest, none.digest]).size).toBe(3);
    // The same secret in a later version fingerprints the same (the ciphertext differs: a new IV, a new binding).
    const next = await create({ skillMd: skillMd("digest-secret"), tools: [tool("s3cret")] });
    expect(next.version).toBe(2);
    expect(next.digest).toBe(v.digest);
  });
});
