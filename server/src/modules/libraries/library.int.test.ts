import { beforeAll, describe, expect, it } from "vitest";
import {
  SAVE_AGENT,
  SET_LIBRARY,
  USAGE,
  linkLibrary,
  refusal,
  saveAgent,
  skillVersion,
  tool,
  usage,
} from "../../../test/support/agents";
import { START_CALL, type CallView } from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";

const PROJECT = `query($id: ID) { project(id: $id) { id skillLibrary { id } linkedProjects { id } } }`;
const DELETE_SKILL = `mutation($id: ID!) { deleteSkillVersion(id: $id) }`;
const AUDIT = `query($projectId: ID) { auditLog(resourceType: "project", projectId: $projectId) { items { action resourceId actor data } } }`;

type Project = { id: string; adminKey: string };

describeEachDialect("skill libraries", (t) => {
  const setLibrary = (
    projectId: string,
    libraryProjectId: string | null | undefined,
    token: string = t.platformToken,
  ) =>
    t.gql(
      libraryProjectId === undefined
        ? `mutation($projectId: ID!) { setSkillLibrary(projectId: $projectId) { id } }`
        : SET_LIBRARY,
      libraryProjectId === undefined ? { projectId } : { projectId, libraryProjectId },
      token,
    );

  it("LB-1 only the platform credential links and unlinks; every read of a project shows its skillLibrary", async () => {
    const library = await t.project("lb1 library");
    const reader = await t.project("lb1 reader");
    const byKey = refusal(await setLibrary(reader.id, library.id, reader.adminKey));
    expect(byKey.code).toBe("UNAUTHENTICATED");
    expect(refusal(await setLibrary(reader.id, library.id, library.adminKey)).code).toBe("UNAUTHENTICATED");
    const linked = await t.ok<{ setSkillLibrary: { id: string; skillLibrary: { id: string } | null } }>(
      SET_LIBRARY,
      { projectId: reader.id, libraryProjectId: library.id },
      t.platformToken,
    );
    expect(linked.setSkillLibrary).toEqual({ id: reader.id, skillLibrary: { id: library.id } });
    const read = await t.ok<{ project: { skillLibrary: { id: string } | null } }>(PROJECT, {}, reader.adminKey);
    expect(read.project.skillLibrary).toEqual({ id: library.id });
    const libRead = await t.ok<{ project: { linkedProjects: Array<{ id: string }> } }>(
      PROJECT,
      { id: library.id },
      t.platformToken,
    );
    expect(libRead.project.linkedProjects).toEqual([{ id: reader.id }]);
  });

  it("LB-1 the library argument is required: an explicit null unlinks, leaving it out is BAD_USER_INPUT", async () => {
    const library = await t.project("lb1 null library");
    const reader = await t.project("lb1 null reader");
    await linkLibrary(t, reader.id, library.id);
    const omitted = refusal(await setLibrary(reader.id, undefined));
    expect(omitted).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "library_project_id" } });
    expect(
      (await t.ok<{ project: { skillLibrary: unknown } }>(PROJECT, {}, reader.adminKey)).project.skillLibrary,
    ).toEqual({ id: library.id });
    await linkLibrary(t, reader.id, null);
    expect(
      (await t.ok<{ project: { skillLibrary: unknown } }>(PROJECT, {}, reader.adminKey)).project.skillLibrary,
    ).toBeNull();
  });

  it("LB-2 refused: the project itself, a project that does not exist or is deleted", async () => {
    const reader = await t.project("lb2 reader");
    const deleted = await t.project("lb2 deleted");
    await t.ok(`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: deleted.id }, t.platformToken);
    for (const libraryId of [reader.id, deleted.id, "00000000-0000-0000-0000-000000000000"]) {
      const res = refusal(await setLibrary(reader.id, libraryId));
      expect(res.code).toBe("BAD_USER_INPUT");
      expect(res.details).toMatchObject({ field: "library_project_id", library_project_id: libraryId });
    }
    expect(refusal(await setLibrary("00000000-0000-0000-0000-000000000000", reader.id)).code).toBe("NOT_FOUND");
  });

  it("LB-2 a library chain is refused: a library that is itself linked, and a project others already read from", async () => {
    const top = await t.project("lb2 top");
    const middle = await t.project("lb2 middle");
    const bottom = await t.project("lb2 bottom");
    await linkLibrary(t, middle.id, top.id);
    const linkedLibrary = refusal(await setLibrary(bottom.id, middle.id));
    expect(linkedLibrary).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "library_project_id" } });
    expect(linkedLibrary.message).toMatch(/one level deep/);
    const readFrom = refusal(await setLibrary(top.id, bottom.id));
    expect(readFrom.code).toBe("BAD_USER_INPUT");
    expect(readFrom.message).toMatch(/Other projects read their skills from/);
    expect(
      (await t.ok<{ project: { skillLibrary: unknown } }>(PROJECT, {}, bottom.adminKey)).project.skillLibrary,
    ).toBeNull();
  });

  it("LB-3 each change is an audit entry skill_library_set by platform on the linked project", async () => {
    const library = await t.project("lb3 library");
    const reader = await t.project("lb3 reader");
    await linkLibrary(t, reader.id, library.id);
    await linkLibrary(t, reader.id, null);
    const log = await t.ok<{
      auditLog: { items: Array<{ action: string; resourceId: string; actor: string; data: unknown }> };
    }>(AUDIT, {}, reader.adminKey);
    const entries = log.auditLog.items.filter((e) => e.action === "skill_library_set");
    expect(entries).toEqual([
      {
        action: "skill_library_set",
        resourceId: reader.id,
        actor: "platform",
        data: { library_project_id: null, previous_library_project_id: library.id },
      },
      {
        action: "skill_library_set",
        resourceId: reader.id,
        actor: "platform",
        data: { library_project_id: library.id, previous_library_project_id: null },
      },
    ]);
  });

  describe("a linked project", () => {
    let library: Project;
    let reader: Project;
    let ownExplain: { id: string };
    let libraryLookup: { id: string };

    beforeAll(async () => {
      library = await t.project("lb4 library");
      reader = await t.project("lb4 reader");
      ownExplain = await skillVersion(t, reader.adminKey, "own_only", { publish: true });
      await skillVersion(t, reader.adminKey, "shared", { publish: true, tools: ["from_own"] });
      libraryLookup = await skillVersion(t, library.adminKey, "shared", { publish: true, tools: ["lookup"] });
      await linkLibrary(t, reader.id, library.id);
    });

    it("LB-4 a linked project's own skill is never consulted, not even as a fallback", async () => {
      const res = refusal(
        await t.gql(SAVE_AGENT, { input: { name: "lb4-own", skills: [{ name: "own_only" }] } }, reader.adminKey),
      );
      expect(res.details).toMatchObject({ field: "skills[0].name", skill: "own_only" });
      expect(res.message).toContain("has no published version in this project's skill library");
      const pin = refusal(
        await t.gql(
          SAVE_AGENT,
          { input: { name: "lb4-own", skills: [{ name: "own_only", versionId: ownExplain.id }] } },
          reader.adminKey,
        ),
      );
      expect(pin.details).toMatchObject({
        field: "skills[0].version_id",
        skill: "own_only",
        version_id: ownExplain.id,
      });
      expect(pin.message).toContain("is not a version of 'own_only' in this project's skill library");
      // the own 'shared' has a tool 'from_own': no collision, since the library's version is the one checked
      const saved = await saveAgent(t, reader.adminKey, {
        name: "lb4-shared",
        tools: [tool("from_own")],
        skills: [{ name: "shared", versionId: libraryLookup.id }],
      });
      expect(saved.skills).toEqual([{ name: "shared", versionId: libraryLookup.id }]);
      const clash = refusal(
        await t.gql(
          SAVE_AGENT,
          { input: { name: "lb4-clash", tools: [tool("lookup")], skills: [{ name: "shared" }] } },
          reader.adminKey,
        ),
      );
      expect(clash.details).toMatchObject({
        field: "skills[0].name",
        skill: "shared",
        tool: "lookup",
        collides_with: "tools[0]",
      });
      expect(clash.message).toContain("in this project's skill library");
    });

    it("US-1 a project linked to a library lists no agents for its own skills", async () => {
      expect(await usage(t, reader.adminKey, "shared")).toEqual([]);
      expect(await usage(t, reader.adminKey, "own_only")).toEqual([]);
      expect(refusal(await t.gql(USAGE, { name: "only-in-library" }, reader.adminKey)).code).toBe("NOT_FOUND");
    });
  });

  it("US-1 the usage of a library lists agents from two linked projects, and its own", async () => {
    const library = await t.project("us1 library");
    const first = await t.project("us1 first reader");
    const second = await t.project("us1 second reader");
    const v1 = await skillVersion(t, library.adminKey, "explain_bill", { publish: true });
    await linkLibrary(t, first.id, library.id);
    await linkLibrary(t, second.id, library.id);
    const own = await saveAgent(t, library.adminKey, { name: "library-agent", skills: [{ name: "explain_bill" }] });
    const a = await saveAgent(t, first.adminKey, { name: "first-agent", skills: [{ name: "explain_bill" }] });
    const b = await saveAgent(t, second.adminKey, {
      name: "second-agent",
      skills: [{ name: "explain_bill", versionId: v1.id }],
    });
    const rows = await usage(t, library.adminKey, "explain_bill");
    expect(rows.map((u) => [u.agentId, u.projectId, u.pinned, u.resolvesTo?.id]).sort()).toEqual(
      [
        [own.agentId, library.id, false, v1.id],
        [a.agentId, first.id, false, v1.id],
        [b.agentId, second.id, true, v1.id],
      ].sort(),
    );
    // a deleted linked project's agents are no longer listed
    await t.ok(`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: second.id }, t.platformToken);
    expect((await usage(t, library.adminKey, "explain_bill")).map((u) => u.projectId).sort()).toEqual(
      [library.id, first.id].sort(),
    );
  });

  it("SV-7 deleting a library skill is CONFLICT with details.agents, including linked projects' agents", async () => {
    const library = await t.project("sv7 library");
    const reader = await t.project("sv7 reader");
    const v1 = await skillVersion(t, library.adminKey, "guarded", { publish: true });
    await linkLibrary(t, reader.id, library.id);
    const agent = await saveAgent(t, reader.adminKey, { name: "reader-agent", skills: [{ name: "guarded" }] });
    const res = refusal(await t.gql(DELETE_SKILL, { id: v1.id }, library.adminKey));
    expect(res.code).toBe("CONFLICT");
    expect(res.details.agents).toEqual([
      { agent_id: agent.agentId, project_id: reader.id, name: "reader-agent", version: 1, state: "draft" },
    ]);
    // the reader's own skill of the same name is not in use: its agents read the library
    const own = await skillVersion(t, reader.adminKey, "guarded", { publish: true });
    expect(await t.ok(DELETE_SKILL, { id: own.id }, reader.adminKey)).toEqual({ deleteSkillVersion: own.id });
  });

  it("LB-7 a deleted library holds no skills (a save listing one is refused); a purged one unlinks, and own skills are read again", async () => {
    const library = await t.project("lb7 library");
    const reader = await t.project("lb7 reader");
    await skillVersion(t, library.adminKey, "faq", { publish: true });
    await skillVersion(t, reader.adminKey, "faq", { publish: true, tools: ["own_tool"] });
    await linkLibrary(t, reader.id, library.id);
    await saveAgent(t, reader.adminKey, { name: "before-delete", skills: [{ name: "faq" }] });
    await saveAgent(t, library.adminKey, { name: "library-agent", skills: [{ name: "faq" }] }); // goes with the purge
    await t.ok(`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: library.id }, t.platformToken);
    const refused = refusal(
      await t.gql(SAVE_AGENT, { input: { name: "after-delete", skills: [{ name: "faq" }] } }, reader.adminKey),
    );
    expect(refused).toMatchObject({ code: "BAD_USER_INPUT", details: { field: "skills[0].name", skill: "faq" } });
    expect(refused.message).toMatch(/skill library is deleted/);
    await saveAgent(t, reader.adminKey, { name: "no-skills" });
    await t.ok(`mutation($id: ID!) { purgeProject(id: $id) }`, { id: library.id }, t.platformToken);
    expect(
      (await t.ok<{ project: { skillLibrary: unknown } }>(PROJECT, {}, reader.adminKey)).project.skillLibrary,
    ).toBeNull();
    const clash = refusal(
      await t.gql(
        SAVE_AGENT,
        { input: { name: "after-purge", tools: [tool("own_tool")], skills: [{ name: "faq" }] } },
        reader.adminKey,
      ),
    );
    expect(clash.details).toMatchObject({ skill: "faq", tool: "own_tool" });
    expect(clash.message).toContain("in this project)");
    const saved = await saveAgent(t, reader.adminKey, { name: "after-purge", skills: [{ name: "faq" }] });
    expect(saved.skills).toEqual([{ name: "faq", versionId: null }]);
    expect((await usage(t, reader.adminKey, "faq")).map((u) => u.agentName).sort()).toEqual([
      "after-purge",
      "before-delete",
    ]);
  });

  it("LB-7 a call started after its library was deleted skips the library's skills with a warning", async () => {
    const library = await t.project("library");
    const linked = await t.project("linked");
    await skillVersion(t, library.adminKey, "shared-skill", { publish: true });
    await linkLibrary(t, linked.id, library.id);
    const inline = { inlineAgent: { name: "reader", skills: [{ name: "shared-skill" }] } };
    const before = await t.ok<{ startCall: CallView }>(START_CALL, { input: inline }, linked.adminKey);
    expect(before.startCall.skills.map((s) => s.name)).toEqual(["shared-skill"]);
    await t.ok(`mutation($id: ID!) { deleteProject(id: $id) { id } }`, { id: library.id }, t.platformToken);
    const after = await t.ok<{ startCall: CallView }>(START_CALL, { input: inline }, linked.adminKey);
    expect(after.startCall.skills).toEqual([]);
    expect(after.startCall.warnings.join(" ")).toMatch(/shared-skill/);
  });
});
