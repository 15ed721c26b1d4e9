import { beforeAll, expect, it } from "vitest";
import {
  AGENT_FIELDS,
  DELETE_AGENT,
  PUBLISH_AGENT,
  SAVE_AGENT,
  publishAgent,
  refusal,
  saveAgent,
  tool,
  type Agent,
} from "../../../test/support/agents";
import { describeEachDialect } from "../../../test/support/test-app";

const READ = `query($id: ID!) { agentVersion(id: $id) { ${AGENT_FIELDS} } }`;
const LIST = `query($page: Int, $limit: Int, $state: VersionState, $agentId: ID) {
  agents(page: $page, limit: $limit, state: $state, agentId: $agentId) { total page limit items { id agentId name version state } } }`;
const AUDIT = `query($type: String) { auditLog(resourceType: $type, limit: 200) { items { action resourceType resourceId actor data } } }`;

describeEachDialect("agent lifecycle", (t) => {
  let key: string;

  beforeAll(async () => {
    key = (await t.project()).adminKey;
  });

  it("UX-5 agents(latest, search) lists each agent once, by its newest version, found by name past any page of versions", async () => {
    const project = await t.project("agent picker");
    const PICK = `query($search: String, $limit: Int) {
      agents(latest: true, search: $search, limit: $limit) { total items { agentId name version } } }`;
    type Picked = { agents: { total: number; items: Array<{ agentId: string; name: string; version: number }> } };
    const busy = await saveAgent(t, project.adminKey, { name: "busy-line" });
    for (let i = 0; i < 4; i++)
      await t.ok(SAVE_AGENT, { input: { name: "busy-line" }, agentId: busy.agentId }, project.adminKey);
    await saveAgent(t, project.adminKey, { name: "Quiet_100%" });
    await saveAgent(t, project.adminKey, { name: "other" });
    const all = await t.ok<Picked>(PICK, { limit: 2 }, project.adminKey);
    expect(all.agents.total).toBe(3);
    const busyOnly = await t.ok<Picked>(PICK, { search: "BUSY" }, project.adminKey);
    expect(busyOnly.agents.items).toEqual([{ agentId: busy.agentId, name: "busy-line", version: 5 }]);
    // LIKE's wildcards are searched as text
    expect((await t.ok<Picked>(PICK, { search: "_100%" }, project.adminKey)).agents.items.map((a) => a.name)).toEqual([
      "Quiet_100%",
    ]);
    expect((await t.ok<Picked>(PICK, { search: "%" }, project.adminKey)).agents.total).toBe(1);
  });

  it("AG-1 saveAgent without agentId makes version 1, a draft, with the documented defaults", async () => {
    const v1 = await saveAgent(t, key, { name: "ag1-defaults" });
    expect(v1).toMatchObject({
      name: "ag1-defaults",
      version: 1,
      state: "DRAFT",
      mode: "CASCADE",
      prompt: "",
      maxLoadedSkills: 3,
      alias: null,
      skills: [],
      tools: [],
      warnings: [],
      model: null,
      mcpServers: [],
      handoffTargets: [],
    });
  });

  it("AG-1 saveAgent with agentId makes that agent's next draft; numbers count up", async () => {
    const v1 = await saveAgent(t, key, { name: "ag1-next", prompt: "one" });
    const v2 = await saveAgent(t, key, { name: "ag1-next", prompt: "two", maxLoadedSkills: 5 }, v1.agentId);
    expect(v2).toMatchObject({ agentId: v1.agentId, version: 2, state: "DRAFT", prompt: "two", maxLoadedSkills: 5 });
    expect(v2.id).not.toBe(v1.id);
  });

  it("AG-1 publishing a draft makes it live and archives the live one; a published version is not published again", async () => {
    const v1 = await saveAgent(t, key, { name: "ag1-publish" });
    await publishAgent(t, key, v1.id);
    const v2 = await saveAgent(t, key, { name: "ag1-publish", prompt: "v2" }, v1.agentId);
    await publishAgent(t, key, v2.id);
    const read = async (id: string) => (await t.ok<{ agentVersion: Agent }>(READ, { id }, key)).agentVersion;
    expect((await read(v1.id)).state).toBe("ARCHIVED");
    expect(await read(v2.id)).toMatchObject({ state: "PUBLISHED", prompt: "v2" });
    const again = refusal(await t.gql(PUBLISH_AGENT, { id: v1.id }, key));
    expect(again.code).toBe("CONFLICT");
    expect(refusal(await t.gql(PUBLISH_AGENT, { id: v2.id }, key)).code).toBe("CONFLICT");
  });

  it("AG-1 two racing publishes of one agent leave exactly one published version", async () => {
    const v1 = await saveAgent(t, key, { name: "ag1-race" });
    const drafts = [v1];
    for (let i = 0; i < 3; i++) drafts.push(await saveAgent(t, key, { name: "ag1-race", prompt: `p${i}` }, v1.agentId));
    await Promise.all(drafts.map((d) => t.gql(PUBLISH_AGENT, { id: d.id }, key)));
    const live = await t.ok<{ agents: { total: number } }>(LIST, { agentId: v1.agentId, state: "PUBLISHED" }, key);
    expect(live.agents.total).toBe(1);
  });

  it("AG-1 tool secrets, the model key and MCP header values are write-only, and '***' keeps them", async () => {
    const v1 = await saveAgent(t, key, {
      name: "ag1-secrets",
      tools: [tool("get_invoices", { webhookSecret: "tool-secret" })],
      model: { baseUrl: "https://llm.example.com/v1", model: "gpt-x", apiKey: "sk-model" },
      mcpServers: [{ name: "crm", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer mcp-token" } }],
    });
    expect(v1.tools).toEqual([{ name: "get_invoices", webhookSecret: "***" }]);
    expect(v1.model).toEqual({ baseUrl: "https://llm.example.com/v1", model: "gpt-x", apiKey: "***" });
    expect(v1.mcpServers).toEqual([
      { name: "crm", url: "https://mcp.example.com/mcp", headers: { Authorization: "***" } },
    ]);
    const v2 = await saveAgent(
      t,
      key,
      {
        name: "ag1-secrets",
        tools: [tool("get_invoices", { webhookSecret: "***" })],
        model: { baseUrl: "https://llm.example.com/v1", model: "gpt-y", apiKey: "***" },
        mcpServers: [{ name: "crm", url: "https://mcp.example.com/mcp", headers: { Authorization: "***" } }],
      },
      v1.agentId,
    );
    const keyPrincipal = await t.app.services.auth.authenticate(`Bearer ${key}`);
    const entity = await t.app.services.agents.get(
      { requestId: "test", principal: keyPrincipal.principal, loaders: undefined as never },
      v2.id,
    );
    const secrets = t.app.services.agents.secretValues;
    expect(secrets.openToolSecret(entity!, "get_invoices")).toBe("tool-secret");
    expect(secrets.openModelApiKey(entity!)).toBe("sk-model");
    expect(secrets.openMcpHeaders(entity!, "crm")).toEqual({ Authorization: "Bearer mcp-token" });
    const raw = JSON.stringify(await t.app.db.dataSource.query(`SELECT tools, model, mcp_servers FROM agent_versions`));
    for (const plain of ["tool-secret", "sk-model", "mcp-token"]) expect(raw).not.toContain(plain);
  });

  it("AG-1 max_loaded_skills outside 1–10 is refused naming the field", async () => {
    for (const maxLoadedSkills of [0, 11]) {
      const res = refusal(
        await t.gql(SAVE_AGENT, { input: { name: `ag1-max-${maxLoadedSkills}`, maxLoadedSkills } }, key),
      );
      expect(res.code).toBe("BAD_USER_INPUT");
      expect(res.details.field).toBe("max_loaded_skills");
      expect(res.message).toMatch(/from 1 to 10/);
    }
    const ten = await saveAgent(t, key, { name: "ag1-max-ok", maxLoadedSkills: 10 });
    expect(ten.maxLoadedSkills).toBe(10);
  });

  it("GW-1 an agent's alias-or-name is unique in the project, refused when saved; a deleted agent frees it", async () => {
    const first = await saveAgent(t, key, { name: "gw1-support" });
    const clash = refusal(await t.gql(SAVE_AGENT, { input: { name: "gw1-support" } }, key));
    expect(clash).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "name" } });
    const aliased = await saveAgent(t, key, { name: "gw1-other", alias: "gw1-alias" });
    const aliasClash = refusal(await t.gql(SAVE_AGENT, { input: { name: "gw1-third", alias: "gw1-alias" } }, key));
    expect(aliasClash.details.field).toBe("alias");
    const nameOfAlias = refusal(await t.gql(SAVE_AGENT, { input: { name: "gw1-alias" } }, key));
    expect(nameOfAlias.details.field).toBe("name");
    // the agent's own next version keeps its name
    await saveAgent(t, key, { name: "gw1-other", alias: "gw1-alias", prompt: "v2" }, aliased.agentId);
    await t.ok(DELETE_AGENT, { agentId: first.agentId }, key);
    expect((await saveAgent(t, key, { name: "gw1-support" })).version).toBe(1);
  });

  it("AG-1 handoff targets must be agents of the project; knowledge bases must be the project's", async () => {
    const other = await t.project("ag1 other project");
    const foreign = await saveAgent(t, other.adminKey, { name: "ag1-foreign" });
    const foreignBase = await t.ok<{ createKnowledgeBase: { id: string } }>(
      `mutation { createKnowledgeBase(input: { name: "kb" }) { id } }`,
      {},
      other.adminKey,
    );
    const target = await saveAgent(t, key, { name: "ag1-target" });
    const res = refusal(
      await t.gql(
        SAVE_AGENT,
        {
          input: {
            name: "ag1-handoff",
            handoffTargets: [target.agentId, foreign.agentId],
            knowledgeBaseIds: [foreignBase.createKnowledgeBase.id],
          },
        },
        key,
      ),
    );
    expect(res.code).toBe("BAD_USER_INPUT");
    expect(res.details.problems!.map((p) => p.path)).toEqual(["knowledge_base_ids[0]", "handoff_targets[1]"]);
    const ok = await saveAgent(t, key, { name: "ag1-handoff", handoffTargets: [target.agentId] });
    expect(ok.handoffTargets).toEqual([target.agentId]);
    const self = refusal(
      await t.gql(
        SAVE_AGENT,
        { input: { name: "ag1-handoff", handoffTargets: [ok.agentId] }, agentId: ok.agentId },
        key,
      ),
    );
    expect(self.details.field).toBe("handoff_targets[0]");
  });

  it("AG-4 a speech-to-speech agent that lists skills saves, and its read warns skills_ignored_on_s2s", async () => {
    await t.ok(
      `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`,
      {
        id: (
          await t.ok<{ createSkillVersion: { id: string } }>(
            `mutation { createSkillVersion(input: { skillMd: "---\\nname: ag4-skill\\ndescription: Use it.\\n---\\nBody." }) { id } }`,
            {},
            key,
          )
        ).createSkillVersion.id,
      },
      key,
    );
    const s2s = await saveAgent(t, key, { name: "ag4-s2s", mode: "SPEECH_TO_SPEECH", skills: [{ name: "ag4-skill" }] });
    expect(s2s.warnings).toEqual(["skills_ignored_on_s2s"]);
    const read = await t.ok<{ agentVersion: Agent }>(READ, { id: s2s.id }, key);
    expect(read.agentVersion.warnings).toEqual(["skills_ignored_on_s2s"]);
    expect((await saveAgent(t, key, { name: "ag4-s2s-none", mode: "SPEECH_TO_SPEECH" })).warnings).toEqual([]);
    expect((await saveAgent(t, key, { name: "ag4-cascade", skills: [{ name: "ag4-skill" }] })).warnings).toEqual([]);
  });

  it("AG-1 agents lists versions newest first in a page envelope, filtered by state; a deleted agent reads as not found", async () => {
    const { adminKey } = await t.project("agents list");
    const a = await saveAgent(t, adminKey, { name: "list-a" });
    const b = await saveAgent(t, adminKey, { name: "list-b" });
    const a2 = await saveAgent(t, adminKey, { name: "list-a", prompt: "2" }, a.agentId);
    await publishAgent(t, adminKey, b.id);
    const page1 = await t.ok<{ agents: { total: number; page: number; limit: number; items: Agent[] } }>(
      LIST,
      { page: 1, limit: 2 },
      adminKey,
    );
    expect(page1.agents).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.agents.items.map((v) => v.id)).toEqual([a2.id, b.id]);
    const published = await t.ok<{ agents: { items: Agent[] } }>(LIST, { state: "PUBLISHED" }, adminKey);
    expect(published.agents.items.map((v) => v.id)).toEqual([b.id]);
    expect(refusal(await t.gql(LIST, { limit: 201 }, adminKey)).details.field).toBe("limit");
    expect(await t.ok(DELETE_AGENT, { agentId: a.agentId }, adminKey)).toEqual({ deleteAgent: a.agentId });
    expect((await t.ok<{ agentVersion: Agent | null }>(READ, { id: a2.id }, adminKey)).agentVersion).toBeNull();
    expect((await t.ok<{ agents: { total: number } }>(LIST, {}, adminKey)).agents.total).toBe(1);
    expect(refusal(await t.gql(DELETE_AGENT, { agentId: a.agentId }, adminKey)).code).toBe("NOT_FOUND");
    expect(refusal(await t.gql(SAVE_AGENT, { input: { name: "list-a" }, agentId: a.agentId }, adminKey)).code).toBe(
      "NOT_FOUND",
    );
  });

  it("PJ-1 another project's agent is NOT_FOUND on every operation; a viewer cannot save", async () => {
    const mine = await saveAgent(t, key, { name: "pj1-agent" });
    const other = await t.project("pj1 other");
    expect((await t.ok<{ agentVersion: Agent | null }>(READ, { id: mine.id }, other.adminKey)).agentVersion).toBeNull();
    expect(refusal(await t.gql(PUBLISH_AGENT, { id: mine.id }, other.adminKey)).code).toBe("NOT_FOUND");
    expect(refusal(await t.gql(DELETE_AGENT, { agentId: mine.agentId }, other.adminKey)).code).toBe("NOT_FOUND");
    expect(refusal(await t.gql(SAVE_AGENT, { input: { name: "x" }, agentId: mine.agentId }, other.adminKey)).code).toBe(
      "NOT_FOUND",
    );
    const viewer = await t.ok<{ createApiKey: { key: string } }>(
      `mutation { createApiKey(role: VIEWER) { key } }`,
      {},
      key,
    );
    const refused = refusal(await t.gql(SAVE_AGENT, { input: { name: "viewer-agent" } }, viewer.createApiKey.key));
    expect(refused).toMatchObject({ code: "FORBIDDEN", details: { required_role: "editor" } });
  });

  it("AG-1 saveAgent under an agentId that names no agent (empty, blank, garbage) is NOT_FOUND and creates nothing", async () => {
    const { adminKey } = await t.project("agent empty id");
    for (const agentId of ["", " ", "not-an-id"]) {
      const refused = refusal(await t.gql(SAVE_AGENT, { input: { name: "ghost" }, agentId }, adminKey));
      expect(refused.code).toBe("NOT_FOUND");
    }
    const listed = await t.ok<{ agents: { total: number } }>(LIST, {}, adminKey);
    expect(listed.agents.total).toBe(0);
  });

  it("AD-1 agent create, update, publish, archived and delete are audit entries of resource type agent", async () => {
    const { adminKey } = await t.project("agent audit");
    const v1 = await saveAgent(t, adminKey, { name: "audited" });
    await publishAgent(t, adminKey, v1.id);
    const v2 = await saveAgent(t, adminKey, { name: "audited", prompt: "2" }, v1.agentId);
    await publishAgent(t, adminKey, v2.id);
    await t.ok(DELETE_AGENT, { agentId: v1.agentId }, adminKey);
    const log = await t.ok<{
      auditLog: { items: Array<{ action: string; resourceType: string; resourceId: string }> };
    }>(AUDIT, { type: "agent" }, adminKey);
    const entries = log.auditLog.items.map((e) => `${e.action}:${e.resourceId}`).reverse();
    expect(entries).toEqual([
      `create:${v1.id}`,
      `publish:${v1.id}`,
      `update:${v2.id}`,
      `publish:${v2.id}`,
      `archived:${v1.id}`,
      `delete:${v1.agentId}`,
    ]);
  });

  it("AG-1 agent versions are nodes", async () => {
    const v1 = await saveAgent(t, key, { name: "node-agent" });
    const res = await t.ok<{ node: { __typename: string; id: string } }>(
      `query($id: ID!) { node(id: $id) { __typename id } }`,
      { id: v1.id },
      key,
    );
    expect(res.node).toEqual({ __typename: "AgentVersion", id: v1.id });
  });
});
