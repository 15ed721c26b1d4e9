import { expect, it } from "vitest";
import { statementsDuring } from "../../../test/support/sql-statements";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect } from "../../../test/support/test-app";

const CREATE_KEY = `mutation($role: ApiKeyRole!, $name: String) { createApiKey(role: $role, name: $name) { id key } }`;
const CREATE_SKILL = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id createdByName } }`;
const AUDIT = `query { auditLog(limit: 200) { items { action actor actorKey { id name role } } } }`;

interface Entry {
  action: string;
  actor: string;
  actorKey: { id: string; name: string | null; role: string } | null;
}

describeEachDialect("audit log actors", (t) => {
  it("UX-6 each audit entry names the key that acted (name and role); the platform credential has none; UX-2 versions name their author", async () => {
    const project = await t.project("actors");
    const made = await t.ok<{ createApiKey: { id: string; key: string } }>(
      CREATE_KEY,
      { role: "EDITOR", name: "ci-bot" },
      project.adminKey,
    );
    const skill = await t.ok<{ createSkillVersion: { createdByName: string | null } }>(
      CREATE_SKILL,
      { input: { skillMd: skillMd("actor-skill") } },
      made.createApiKey.key,
    );
    // UX-2: who wrote a version, by the name of the key it used
    expect(skill.createSkillVersion.createdByName).toBe("ci-bot");
    const agent = await t.ok<{ saveAgent: { createdByName: string | null } }>(
      `mutation { saveAgent(input: { name: "actor-agent" }) { createdByName } }`,
      {},
      project.adminKey,
    );
    expect(agent.saveAgent.createdByName).toBe("initial admin key");
    const items = (await t.ok<{ auditLog: { items: Entry[] } }>(AUDIT, {}, project.adminKey)).auditLog.items;
    const bySkill = items.find((e) => e.actor === made.createApiKey.id);
    expect(bySkill?.actorKey).toEqual({ id: made.createApiKey.id, name: "ci-bot", role: "EDITOR" });
    const keyIssued = items.find((e) => e.action === "create" && e.actorKey?.name !== "ci-bot");
    expect(keyIssued?.actorKey?.role).toBe("ADMIN");
    for (const e of items.filter((x) => x.actor === "platform")) expect(e.actorKey).toBeNull();
  });

  it("UX-6 the actors of an audit page cost the same statements however many keys acted (batched, never N+1)", async () => {
    const project = await t.project("actors batched");
    const act = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const key = await t.ok<{ createApiKey: { key: string } }>(
          CREATE_KEY,
          { role: "EDITOR", name: `actor-${Math.random()}` },
          project.adminKey,
        );
        await t.ok(CREATE_SKILL, { input: { skillMd: skillMd(`s-${Date.now()}-${i}`) } }, key.createApiKey.key);
      }
    };
    const read = () => t.ok<{ auditLog: { items: Entry[] } }>(AUDIT, {}, project.adminKey);
    await act(1);
    const few = (await statementsDuring(t, read)).length;
    await act(6);
    const many = (await statementsDuring(t, read)).length;
    const items = (await read()).auditLog.items;
    expect(new Set(items.map((e) => e.actorKey?.name).filter(Boolean)).size).toBe(8); // 7 editors and the admin
    expect(many).toBe(few);
  });
});
