import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { linkLibrary, publishAgent, saveAgent } from "../../../test/support/agents";
import { startGatewayKit, toolAnswers, type GatewayKit } from "../../../test/support/gateway-kit";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect } from "../../../test/support/test-app";

/**
 * GW-3: agents stored in the registry resolve their skills in the registry as calls do — a pin serves its pinned
 * version (catalog, load_skill, read_skill_file), whatever is live; a follow entry serves the live version; in a
 * project linked to a library, both come from the library (LB-5).
 */
describeEachDialect.withOwnApps("the gateway's registry agents: pins and libraries", (dialect) => {
  let kit: GatewayKit;
  let library: { id: string; adminKey: string };
  let linked: { id: string; adminKey: string };

  /** A version with one bundle file (published unless told), through GraphQL; its id. */
  async function version(key: string, name: string, label: string, publish = true): Promise<string> {
    const created = await kit.t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      {
        input: {
          skillMd: skillMd(name, { description: `${name} (${label}).`, body: `Instructions ${label}.` }),
          files: [{ path: "references/notes.md", contentBase64: Buffer.from(`notes ${label}`).toString("base64") }],
        },
      },
      key,
    );
    const id = created.createSkillVersion.id;
    if (publish) await kit.t.ok(`mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, { id }, key);
    return id;
  }

  /** One gateway turn in which the model loads `skill` and reads its notes; what each tool answered, and the catalog. */
  async function loadAndRead(model: string, skill: string, key = kit.key) {
    kit.upstream.reply(
      { toolCalls: [{ name: "load_skill", arguments: { name: skill } }] },
      { toolCalls: [{ name: "read_skill_file", arguments: { skill, path: "references/notes.md" } }] },
      { text: "done" },
    );
    await kit.client(key).chat.completions.create({ model, messages: [{ role: "user", content: "go" }] });
    const [load, read] = toolAnswers(kit.upstream.requests[2]!.body);
    return {
      catalog: String(kit.upstream.requests[0]!.body.messages[0]!.content),
      load: load!.content,
      read: read!.content,
    };
  }

  beforeAll(async () => {
    kit = await startGatewayKit(dialect);
    library = await kit.t.project("gw3 library");
    linked = await kit.t.project("gw3 linked");
  });
  afterAll(() => kit?.close());
  beforeEach(() => kit.upstream.reset());

  it("GW-3 a registry agent's pin serves the pinned version's catalog entry, instructions and files, whatever is live; a follow entry the live one", async () => {
    const v1 = await version(kit.key, "pinned-skill", "v1");
    await version(kit.key, "pinned-skill", "v2");
    await kit.agent({ name: "pinner", skills: [{ name: "pinned-skill", versionId: v1 }] });
    await kit.agent({ name: "follower", skills: [{ name: "pinned-skill" }] });

    const pinned = await loadAndRead("pinner", "pinned-skill");
    expect(pinned.catalog).toContain("- pinned-skill: pinned-skill (v1).");
    expect(pinned.load).toContain("Instructions v1.");
    expect(pinned.read).toBe("notes v1");
    kit.upstream.reset();
    const followed = await loadAndRead("follower", "pinned-skill");
    expect(followed.catalog).toContain("- pinned-skill: pinned-skill (v2).");
    expect([followed.load.includes("Instructions v2."), followed.read]).toEqual([true, "notes v2"]);

    // A publish moves the follower, not the pin.
    await version(kit.key, "pinned-skill", "v3");
    kit.upstream.reset();
    expect((await loadAndRead("pinner", "pinned-skill")).read).toBe("notes v1");
    kit.upstream.reset();
    expect((await loadAndRead("follower", "pinned-skill")).read).toBe("notes v3");
  });

  it("GW-3 LB-5 in a project linked to a library, a registry agent's follow and pin entries serve the library's versions, never the project's own", async () => {
    const libraryV1 = await version(library.adminKey, "shared-skill", "library v1");
    await version(library.adminKey, "shared-skill", "library v2");
    await version(linked.adminKey, "shared-skill", "the project's own copy");
    await linkLibrary(kit.t, linked.id, library.id);
    for (const [name, entry] of [
      ["linked-agent", { name: "shared-skill", versionId: libraryV1 }],
      ["linked-follower", { name: "shared-skill" }],
    ] as const) {
      const saved = await saveAgent(kit.t, linked.adminKey, { name, skills: [entry] });
      await publishAgent(kit.t, linked.adminKey, saved.id);
    }

    const pinned = await loadAndRead("linked-agent", "shared-skill", linked.adminKey);
    expect(pinned.catalog).toContain("- shared-skill: shared-skill (library v1).");
    expect([pinned.load.includes("Instructions library v1."), pinned.read]).toEqual([true, "notes library v1"]);
    kit.upstream.reset();
    const followed = await loadAndRead("linked-follower", "shared-skill", linked.adminKey);
    expect(followed.catalog).toContain("- shared-skill: shared-skill (library v2).");
    expect([followed.load.includes("Instructions library v2."), followed.read]).toEqual([true, "notes library v2"]);
    for (const seen of [pinned, followed]) expect(JSON.stringify(seen)).not.toContain("the project's own copy");
  });
});
