import { createHash } from "node:crypto";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { act, draftSkill, skillWithDraft, startRollout } from "../../../test/support/rollouts";
import { publishSkill } from "../../../test/support/calls";
import { findInDatabase } from "../../../test/support/db-scan";
import { fetchJwks, KEYS_URL, tampered, verifyAgainst } from "../../../test/support/provenance";
import { skillMd } from "../../../test/support/skill-md";
import { skillFolder, zipOf } from "../../../test/support/skills-api";
import { describeEachDialect, type TestApp } from "../../../test/support/test-app";
import { seedDemoProject } from "../demo";
import { ATTESTATION_META_KEY } from "../mcp-skills";
import type { DsseEnvelope } from "./dsse";

const VERSION = `query($id: ID!) { skillVersion(id: $id) { id name version state digest attestation } }`;
const CREATE = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`;
const PUBLISH = `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`;
const EXAMPLES = path.resolve(__dirname, "..", "..", "..", "..", "examples", "skills");

interface VersionView {
  id: string;
  name: string;
  version: number;
  state: string;
  digest: string;
  attestation: DsseEnvelope | null;
}

const readVersion = async (t: TestApp, key: string, id: string) =>
  (await t.ok<{ skillVersion: VersionView }>(VERSION, { id }, key)).skillVersion;

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** Asserts the version's attestation verifies against the served keys and states exactly this version. */
async function expectAttested(t: TestApp, key: string, id: string) {
  const version = await readVersion(t, key, id);
  expect(version.attestation, `${version.name}@${version.version} has an attestation`).not.toBeNull();
  const checked = await verifyAgainst(t.url, version.attestation);
  if (!checked.ok) throw new Error(`attestation of ${version.name} did not verify: ${checked.reason}`);
  const { statement } = checked;
  expect(statement._type).toBe("https://in-toto.io/Statement/v1");
  expect(statement.predicateType).toBe("https://skillgraph.dev/attestations/publish/v1");
  expect(statement.subject).toEqual([
    { name: `${version.name}@${version.version}`, digest: { sha256: version.digest.replace(/^sha256:/, "") } },
  ]);
  expect(statement.predicate).toMatchObject({ skill: version.name, version: version.version, versionId: id });
  return { version, statement, kid: checked.kid };
}

describeEachDialect("PV-1 PV-2 provenance", (t) => {
  let key: string;
  let projectId: string;
  beforeAll(async () => {
    const project = await t.project("provenance");
    key = project.adminKey;
    projectId = project.id;
  });

  it("PV-1 keys.json is a public JWKS of OKP/Ed25519 keys with the kid the app signs with, and no private part", async () => {
    const res = await fetch(`${t.url}${KEYS_URL}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await res.json()) as { keys: Array<Record<string, string>> };
    expect(body.keys).toEqual([
      {
        kty: "OKP",
        crv: "Ed25519",
        x: expect.any(String),
        kid: t.app.services.provenance.kid,
        alg: "EdDSA",
        use: "sig",
      },
    ]);
    expect(Buffer.from(body.keys[0]!.x!, "base64url")).toHaveLength(32);
    expect(JSON.stringify(body)).not.toMatch(/"d"/);
  });

  it("PV-2 a GraphQL publish signs a DSSE envelope naming the project, publisher, review and every file with sha256 and size", async () => {
    const script = Buffer.from("#!/bin/sh\necho hi\n");
    const created = await t.ok<{ createSkillVersion: { id: string } }>(
      CREATE,
      {
        input: {
          skillMd: skillMd("signed-skill", { body: "Do the signed thing." }),
          files: [{ path: "scripts/run.sh", contentBase64: script.toString("base64") }],
        },
      },
      key,
    );
    const id = created.createSkillVersion.id;
    expect((await readVersion(t, key, id)).attestation, "a draft has none").toBeNull();
    await t.ok(PUBLISH, { id }, key);
    const { version, statement, kid } = await expectAttested(t, key, id);
    expect(kid).toBe(t.app.services.provenance.kid);
    expect(version.attestation!.payloadType).toBe("application/vnd.in-toto+json");
    expect(version.attestation!.signatures).toEqual([{ keyid: kid, sig: expect.any(String) }]);
    const md = skillMd("signed-skill", { body: "Do the signed thing." });
    expect(statement.predicate).toMatchObject({
      projectId,
      publishedBy: expect.any(String),
      approvals: [],
      review: { rulesVersion: expect.any(String), findings: expect.any(Number), suppressions: [] },
      files: [
        { path: "SKILL.md", sha256: sha256(Buffer.from(md)), size: Buffer.byteLength(md) },
        { path: "scripts/run.sh", sha256: sha256(script), size: script.length },
      ],
    });
    expect(Date.parse(statement.predicate.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("PV-2 the approvals that let a version go live are in its attestation (key, digest, time)", async () => {
    const own = await t.project("provenance approvals");
    await t.ok(
      `mutation { setPublishPolicy(requiredApprovals: 1, allowSelfApproval: true) { requiredApprovals } }`,
      {},
      own.adminKey,
    );
    const id = await draftSkill(t, own.adminKey, "approved-skill", "Approved body.");
    const { digest } = await readVersion(t, own.adminKey, id);
    await t.ok(
      `mutation($v: ID!, $d: String!) { approveVersion(versionId: $v, digest: $d) { id } }`,
      { v: id, d: digest },
      own.adminKey,
    );
    await t.ok(PUBLISH, { id }, own.adminKey);
    const { statement } = await expectAttested(t, own.adminKey, id);
    expect(statement.predicate.approvals).toEqual([{ key: expect.any(String), digest, at: expect.any(String) }]);
    expect(statement.predicate.projectId).toBe(own.id);
  });

  it("PV-2 a rollback does not sign again: the version keeps the attestation of its publish", async () => {
    const v1 = await publishSkill(t, key, "rolled-skill", { body: "One." });
    const v2 = await publishSkill(t, key, "rolled-skill", { body: "Two." });
    const before = (await readVersion(t, key, v1)).attestation;
    await t.ok(
      `mutation($n: String!, $to: ID!) { rollbackSkill(name: $n, toVersionId: $to) { id } }`,
      { n: "rolled-skill", to: v1 },
      key,
    );
    expect((await readVersion(t, key, v1)).attestation).toEqual(before);
    await expectAttested(t, key, v2);
  });

  it("PV-2 a staged rollout's completion signs the candidate in its publish", async () => {
    const { draft } = await skillWithDraft(t, key, "rolled-out");
    const rollout = await startRollout(t, key, { versionId: draft, steps: [50, 100], stepMinutes: 1 });
    expect((await readVersion(t, key, draft)).attestation).toBeNull();
    expect(await act(t, key, "advanceRollout", rollout.id)).toMatchObject({ status: "completed" });
    await expectAttested(t, key, draft);
  });

  it("PV-2 the Skills API: create-as-default and default_version sign, and a version's answer carries its attestation", async () => {
    const form = (name: string, body: string, extra: Record<string, string> = {}) => {
      const data = new FormData();
      data.append("files", new Blob([zipOf(skillFolder(name, { body }))]), `${name}.zip`);
      for (const [k, v] of Object.entries(extra)) data.append(k, v);
      return data;
    };
    const auth = { authorization: `Bearer ${key}` };
    const skill = (await (
      await fetch(`${t.url}/v1/skills`, { method: "POST", headers: auth, body: form("api-signed", "One.") })
    ).json()) as { id: string; default_version: string | null };
    expect(skill.default_version).toBeNull();
    const v1 = (await (await fetch(`${t.url}/v1/skills/${skill.id}/versions/1`, { headers: auth })).json()) as {
      id: string;
      attestation: unknown;
    };
    expect(v1.attestation).toBeNull();
    await fetch(`${t.url}/v1/skills/${skill.id}`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ default_version: "1" }),
    });
    const v1Live = (await (await fetch(`${t.url}/v1/skills/${skill.id}/versions/1`, { headers: auth })).json()) as {
      attestation: DsseEnvelope;
    };
    expect(v1Live.attestation).toEqual((await readVersion(t, key, v1.id)).attestation);
    await expectAttested(t, key, v1.id);

    const res = await fetch(`${t.url}/v1/skills/${skill.id}/versions`, {
      method: "POST",
      headers: auth,
      body: form("api-signed", "Two.", { default: "true" }),
    });
    expect(res.status).toBe(200);
    const v2 = (await res.json()) as { id: string; attestation: DsseEnvelope | null };
    expect(v2.attestation).not.toBeNull();
    await expectAttested(t, key, v2.id);
    const list = (await (await fetch(`${t.url}/v1/skills/${skill.id}/versions`, { headers: auth })).json()) as {
      data: Array<{ id: string; attestation: unknown }>;
    };
    expect(list.data.map((v) => [v.id, v.attestation !== null])).toEqual([
      [v2.id, true],
      [v1.id, true],
    ]);
  });

  it("PV-2 MCP skills/get carries the live version's attestation in _meta", async () => {
    const id = await publishSkill(t, key, "mcp-signed", { body: "Over MCP." });
    const client = new Client({ name: "provenance-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const result = await client.request(
        { method: "skills/get", params: { uri: "skill://mcp-signed/SKILL.md" } },
        z.object({ skill: z.any(), _meta: z.record(z.string(), z.unknown()) }).passthrough(),
      );
      expect(result._meta[ATTESTATION_META_KEY]).toEqual((await readVersion(t, key, id)).attestation);
    } finally {
      await client.close();
    }
  });

  it("SEC-26 a changed statement (another file hash, another version, another project) or signature never verifies", async () => {
    const id = await publishSkill(t, key, "tamper-target", { body: "Original." });
    const envelope = (await readVersion(t, key, id)).attestation!;
    expect((await verifyAgainst(t.url, envelope)).ok).toBe(true);
    const forgeries = [
      tampered(envelope, (s) => (s.predicate.files[0]!.sha256 = sha256("evil"))),
      tampered(envelope, (s) => (s.subject[0]!.name = "tamper-target@99")),
      tampered(envelope, (s) => (s.predicate.projectId = "another")),
      { ...envelope, signatures: [{ ...envelope.signatures[0]!, sig: Buffer.alloc(64, 1).toString("base64") }] },
      { ...envelope, signatures: [{ ...envelope.signatures[0]!, keyid: "not-a-served-kid" }] },
    ];
    for (const forged of forgeries) expect((await verifyAgainst(t.url, forged)).ok).toBe(false);
  });

  it("SEC-26 the signing key is in no answer and no column: only its public half is stored", async () => {
    const jwks = await fetchJwks(t.url);
    const privateJwk = t.app.services.provenance["key"].privateKey.export({ format: "jwk" });
    expect(JSON.stringify(jwks)).not.toContain(privateJwk.d!);
    expect(await findInDatabase(t.app.db, privateJwk.d!)).toEqual([]);
    expect(await findInDatabase(t.app.db, jwks[0]!.x)).toContain("signing_keys.jwk");
  });
});

describeEachDialect("PV-2 the demo seed signs what it publishes", (t) => {
  it("PV-2 every skill the demo seed publishes has an attestation that verifies", async () => {
    const demo = await seedDemoProject(t.app.services, EXAMPLES);
    expect(demo?.skills.length).toBeGreaterThan(0);
    for (const skill of demo!.skills) await expectAttested(t, demo!.apiKey, skill.id);
  });
});
