import { expect, it } from "vitest";
import { refusal } from "../../../test/support/agents";
import {
  addDocument,
  knowledgeBase,
  loadSkill,
  publishAgent,
  publishSkill,
  startCall,
} from "../../../test/support/calls";
import { statementsDuring } from "../../../test/support/sql-statements";
import { describeEachDialect } from "../../../test/support/test-app";

const CREATE_SKILL = `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`;
const SAVE_AGENT = `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`;
const BASES_WITH_USERS = `query { knowledgeBases { id name documents { id title }
  skillVersions { id name version state } agentVersions { id name version state } } }`;
const DELETE_DOCUMENT = `mutation($id: ID!) { deleteKnowledgeDocument(id: $id) }`;

interface BaseWithUsers {
  id: string;
  name: string;
  documents: Array<{ id: string; title: string }>;
  skillVersions: Array<{ id: string; name: string; version: number; state: string }>;
  agentVersions: Array<{ id: string; name: string; version: number; state: string }>;
}

const skillMdOf = (name: string) => `---\nname: ${name}\ndescription: Use for ${name}.\n---\n\n# ${name}\n`;

describeEachDialect("knowledge bases in the console: who uses them, removing documents", (t) => {
  it("SK-4 a knowledge base names the draft and published skill and agent versions that use it, nobody else's", async () => {
    const { adminKey: key } = await t.project("kb users");
    const rates = await knowledgeBase(t, key, "Rates", [["Rate card", "Day rate 0.30."]]);
    const faq = await knowledgeBase(t, key, "FAQ", []);
    const published = await publishSkill(t, key, "bills", {
      knowledgeBases: [{ knowledgeBaseId: rates, mode: "PROMPT" }],
    });
    const draft = await t.ok<{ createSkillVersion: { id: string } }>(
      CREATE_SKILL,
      {
        input: {
          skillMd: skillMdOf("bills"),
          knowledgeBases: [
            { knowledgeBaseId: rates, mode: "TOOL" },
            { knowledgeBaseId: faq, mode: "PROMPT" },
          ],
        },
      },
      key,
    );
    await publishSkill(t, key, "plain");
    const agent = await t.ok<{ saveAgent: { id: string } }>(
      SAVE_AGENT,
      { input: { name: "desk", knowledgeBaseIds: [faq] } },
      key,
    );
    await t.ok(SAVE_AGENT, { input: { name: "no-kb" } }, key);
    const other = await t.project("kb users other");
    await publishSkill(t, other.adminKey, "bills");

    const { knowledgeBases } = await t.ok<{ knowledgeBases: BaseWithUsers[] }>(BASES_WITH_USERS, {}, key);
    const byName = Object.fromEntries(knowledgeBases.map((b) => [b.name, b]));
    expect(byName.Rates!.skillVersions.map((v) => [v.id, v.version, v.state])).toEqual([
      [draft.createSkillVersion.id, 2, "DRAFT"],
      [published, 1, "PUBLISHED"],
    ]);
    expect(byName.Rates!.agentVersions).toEqual([]);
    expect(byName.FAQ!.skillVersions.map((v) => v.id)).toEqual([draft.createSkillVersion.id]);
    expect(byName.FAQ!.agentVersions.map((v) => [v.id, v.name])).toEqual([[agent.saveAgent.id, "desk"]]);

    // a publish archives version 1: archived versions are not listed
    await t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id: draft.createSkillVersion.id }, key);
    const after = await t.ok<{ knowledgeBases: BaseWithUsers[] }>(BASES_WITH_USERS, {}, key);
    expect(after.knowledgeBases.find((b) => b.name === "Rates")!.skillVersions.map((v) => v.state)).toEqual([
      "PUBLISHED",
    ]);
  });

  it("SK-4 listing many knowledge bases with their users costs the same statements as listing two", async () => {
    const { adminKey: key } = await t.project("kb users statements");
    const addBase = async (i: number) => {
      const id = await knowledgeBase(t, key, `Base ${i}`, []);
      await publishSkill(t, key, `uses-${i}`, { knowledgeBases: [{ knowledgeBaseId: id, mode: "TOOL" }] });
    };
    for (let i = 0; i < 2; i++) await addBase(i);
    const request = () => t.ok<{ knowledgeBases: BaseWithUsers[] }>(BASES_WITH_USERS, {}, key);
    const withTwo = (await statementsDuring(t, request)).length;
    for (let i = 2; i < 12; i++) await addBase(i);
    const withTwelve = (await statementsDuring(t, request)).length;
    const listed = (await request()).knowledgeBases;
    expect(listed).toHaveLength(12);
    for (const base of listed) expect(base.skillVersions).toHaveLength(1);
    expect(withTwelve).toBe(withTwo);
  });

  it("RT-8 a removed document is not read by calls that start afterwards; another project's document is NOT_FOUND", async () => {
    const { adminKey: key } = await t.project("kb remove");
    const base = await knowledgeBase(t, key, "Policy", [["Window", "Refunds within 30 days."]]);
    await addDocument(t, key, base, "Exceptions", "Sale items are final.");
    await publishSkill(t, key, "refunds", { knowledgeBases: [{ knowledgeBaseId: base, mode: "PROMPT" }] });
    const agentId = await publishAgent(t, key, { name: "refunder", skills: [{ name: "refunds" }] });
    const promptOfNewCall = async () => {
      const call = await startCall(t, key, { agentId });
      return (await loadSkill(t, key, call.id, "refunds")).call.systemPrompt;
    };
    expect(await promptOfNewCall()).toContain("Sale items are final.");

    const { knowledgeBase: read } = await t.ok<{ knowledgeBase: BaseWithUsers }>(
      `query($id: ID!) { knowledgeBase(id: $id) { documents { id title } } }`,
      { id: base },
      key,
    );
    const exceptions = read.documents.find((d) => d.title === "Exceptions")!;
    const other = await t.project("kb remove other");
    expect(refusal(await t.gql(DELETE_DOCUMENT, { id: exceptions.id }, other.adminKey)).code).toBe("NOT_FOUND");
    expect(await t.ok(DELETE_DOCUMENT, { id: exceptions.id }, key)).toEqual({ deleteKnowledgeDocument: exceptions.id });

    const prompt = await promptOfNewCall();
    expect(prompt).not.toContain("Sale items are final.");
    expect(prompt).toContain("Refunds within 30 days.");
    expect(refusal(await t.gql(DELETE_DOCUMENT, { id: exceptions.id }, key)).code).toBe("NOT_FOUND");
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string; resourceId: string }> } }>(
      `query { auditLog(resourceType: "knowledge_base", action: "delete_document") { items { action resourceId } } }`,
      {},
      key,
    );
    expect(audit.auditLog.items).toEqual([{ action: "delete_document", resourceId: base }]);
  });

  it("SEC-15 a document deleted by three requests at once is deleted once: one answers it, the others NOT_FOUND, one audit entry each", async () => {
    const { adminKey: key } = await t.project("kb remove race");
    const titles = Array.from({ length: 8 }, (_, i) => `Doomed ${i}`);
    const base = await knowledgeBase(
      t,
      key,
      "Race",
      titles.map((title) => [title, "Soon gone."] as [string, string]),
    );
    const { knowledgeBase: read } = await t.ok<{ knowledgeBase: BaseWithUsers }>(
      `query($id: ID!) { knowledgeBase(id: $id) { documents { id title } } }`,
      { id: base },
      key,
    );
    for (const { id } of read.documents) {
      const answers = await Promise.all([0, 1, 2].map(() => t.gql(DELETE_DOCUMENT, { id }, key)));
      expect(answers.map((a) => a.errors?.[0]?.extensions?.code ?? "OK").sort()).toEqual([
        "NOT_FOUND",
        "NOT_FOUND",
        "OK",
      ]);
    }
    const audit = await t.ok<{ auditLog: { items: Array<{ action: string }> } }>(
      `query { auditLog(resourceType: "knowledge_base", action: "delete_document") { items { action } } }`,
      {},
      key,
    );
    expect(audit.auditLog.items).toHaveLength(titles.length);
  });
});
