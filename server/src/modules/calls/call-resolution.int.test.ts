import { beforeAll, expect, it } from "vitest";
import { linkLibrary, saveAgent } from "../../../test/support/agents";
import {
  loadSkill,
  publishAgent,
  publishSkill,
  skillSection,
  skillsSection,
  startCall,
  timeline,
  toolsOf,
} from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";

/** RT-1, RT-2, RT-5, SV-5, AG-4, LB-5: what a call resolves when it starts, and what the model sees before a load. */
describeEachDialect("call resolution", (t) => {
  let key: string;
  beforeAll(async () => {
    key = (await t.project("resolution")).adminKey;
  });

  const rollback = (name: string, toVersionId: string) =>
    t.ok(
      `mutation($n: String!, $v: ID!) { rollbackSkill(name: $n, toVersionId: $v) { id } }`,
      { n: name, v: toVersionId },
      key,
    );

  it("RT-1 SV-5 skills resolve once at start: a publish mid-call changes nothing for that call, the next call gets the new live version", async () => {
    const v1 = await publishSkill(t, key, "billing", {
      description: "Bills, first edition.",
      body: "Billing steps v1.",
    });
    const agentId = await publishAgent(t, key, {
      name: "sv5-agent",
      prompt: "You help.",
      skills: [{ name: "billing" }],
    });
    const first = await startCall(t, key, { agentId });
    expect(first.skills).toEqual([{ name: "billing", version: 1, versionId: v1, pinned: false, loaded: false }]);

    const v2 = await publishSkill(t, key, "billing", {
      description: "Bills, second edition.",
      body: "Billing steps v2.",
    });
    const loadedFirst = await loadSkill(t, key, first.id, "billing");
    expect(loadedFirst.call.skills).toEqual([
      { name: "billing", version: 1, versionId: v1, pinned: false, loaded: true },
    ]);
    expect(loadedFirst.call.systemPrompt).toContain("- billing: Bills, first edition.");
    expect(loadedFirst.call.systemPrompt).toContain(skillSection("billing", "Billing steps v1."));
    expect(loadedFirst.call.systemPrompt).not.toContain("v2");
    expect(loadedFirst.call.events.find((e) => e.type === "skill.loaded")!.data).toEqual({
      call_id: first.id,
      skill: "billing",
      version: 1,
      version_id: v1,
    });

    const second = await startCall(t, key, { agentId });
    expect(second.skills).toEqual([{ name: "billing", version: 2, versionId: v2, pinned: false, loaded: false }]);
    expect(second.systemPrompt).toContain("- billing: Bills, second edition.");

    // SV-5: a rollback reaches the next call too; the running ones keep theirs.
    await rollback("billing", v1);
    const third = await startCall(t, key, { agentId });
    expect(third.skills.map((s) => s.versionId)).toEqual([v1]);
    const loadedSecond = await loadSkill(t, key, second.id, "billing");
    expect(loadedSecond.call.systemPrompt).toContain(skillSection("billing", "Billing steps v2."));
    expect((await timeline(t, key, first.id)).skills.map((s) => s.versionId)).toEqual([v1]);
  });

  it("RT-1 a pinned entry resolves to its pin while another version is live; a followed entry to the live one", async () => {
    const old = await publishSkill(t, key, "pinned-skill", { body: "Pinned steps, old." });
    const live = await publishSkill(t, key, "pinned-skill", { body: "Pinned steps, new." });
    const followed = await publishSkill(t, key, "followed-skill");
    const agentId = await publishAgent(t, key, {
      name: "pin-agent",
      skills: [{ name: "pinned-skill", versionId: old }, { name: "followed-skill" }],
    });
    const call = await startCall(t, key, { agentId });
    expect(call.skills).toEqual([
      { name: "pinned-skill", version: 1, versionId: old, pinned: true, loaded: false },
      { name: "followed-skill", version: 1, versionId: followed, pinned: false, loaded: false },
    ]);
    expect(call.warnings).toEqual([]);
    const loaded = await loadSkill(t, key, call.id, "pinned-skill");
    expect(loaded.call.systemPrompt).toContain(skillSection("pinned-skill", "Pinned steps, old."));
    expect(loaded.call.systemPrompt).not.toContain("Pinned steps, new.");
    expect(loaded.call.events.at(-1)!.data).toMatchObject({ skill: "pinned-skill", version: 1, version_id: old });
    expect(live).not.toBe(old);
  });

  it("RT-1 an inline agent's unknown name, name with no published version, foreign pin, other skill's pin and draft pin are warnings and skips; the call starts", async () => {
    const other = await t.project("resolution elsewhere");
    const foreign = await publishSkill(t, other.adminKey, "inline-ok");
    const ok = await publishSkill(t, key, "inline-ok", { description: "The one that resolves." });
    const unrelated = await publishSkill(t, key, "inline-unrelated");
    const draft = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: "---\nname: inline-draft\ndescription: Only a draft.\n---\n\nDraft body.\n" } },
      key,
    );
    const draftId = draft.createSkillVersion.id;
    const call = await startCall(t, key, {
      inlineAgent: {
        name: "inline-agent",
        prompt: "Inline.",
        skills: [
          { name: "ghost" },
          { name: "inline-draft" },
          { name: "inline-foreign", versionId: foreign },
          { name: "inline-mismatch", versionId: unrelated },
          { name: "inline-draft-pin", versionId: draftId },
          { name: "inline-ok" },
        ],
      },
    });
    expect(call.status).toBe("active");
    expect(call.agentId).toBeNull();
    expect(call.agentName).toBe("inline-agent");
    expect(call.warnings).toEqual([
      "skill 'ghost' skipped: no published version in this project",
      "skill 'inline-draft' skipped: no published version in this project",
      `skill 'inline-foreign' skipped: pinned version '${foreign}' is not a version of 'inline-foreign' in this project`,
      `skill 'inline-mismatch' skipped: pinned version '${unrelated}' is not a version of 'inline-mismatch' in this project`,
      `skill 'inline-draft-pin' skipped: pinned version '${draftId}' is not a version of 'inline-draft-pin' in this project`,
    ]);
    expect(call.skills).toEqual([{ name: "inline-ok", version: 1, versionId: ok, pinned: false, loaded: false }]);
    expect(call.systemPrompt).toBe(`Inline.\n\n${skillsSection([["inline-ok", "The one that resolves."]])}`);

    // A draft pinned under its own name is refused as a draft; a pin that is no id at all is just not a version.
    const pinned = await startCall(t, key, {
      inlineAgent: {
        name: "inline-pins",
        skills: [
          { name: "inline-draft", versionId: draftId },
          { name: "x", versionId: "no-such-id" },
        ],
      },
    });
    expect(pinned.warnings).toEqual([
      `skill 'inline-draft' skipped: pinned version '${draftId}' is a draft; only a published or archived version can be pinned`,
      "skill 'x' skipped: pinned version 'no-such-id' is not a version of 'x' in this project",
    ]);
    expect(pinned.skills).toEqual([]);
  });

  it("RT-2 before any load the prompt lists each resolved skill's name and description and load_skill is offered; no skill tools", async () => {
    await publishSkill(t, key, "rt2-first", {
      description: "Use for the first thing.",
      tools: [{ name: "rt2_tool", description: "A tool.", webhookUrl: "https://hooks.example.com/rt2" }],
    });
    await publishSkill(t, key, "rt2-second", { description: "Use for the\n  second thing." });
    const agentId = await publishAgent(t, key, {
      name: "rt2-agent",
      prompt: "You are the desk.\n",
      skills: [{ name: "rt2-second" }, { name: "rt2-first" }],
    });
    const call = await startCall(t, key, { agentId });
    expect(call.systemPrompt).toBe(
      `You are the desk.\n\n${skillsSection([
        ["rt2-second", "Use for the second thing."],
        ["rt2-first", "Use for the first thing."],
      ])}`,
    );
    expect(toolsOf(call.tools)).toEqual(["load_skill:builtin"]);
    expect(call.loadedSkills).toEqual([]);
    expect(call.events.map((e) => e.type)).toEqual(["call.started"]);
  });

  it("RT-2 an agent without skills gets neither the skills section nor load_skill; its prompt is its own, byte for byte", async () => {
    const prompt = "  Plain agent.\n\nNo skills here.  ";
    const agentId = await publishAgent(t, key, { name: "plain-agent", prompt });
    const call = await startCall(t, key, { agentId });
    expect(call.systemPrompt).toBe(prompt);
    expect(call.tools).toEqual([]);
    expect(call.skills).toEqual([]);
    // Skills listed but none resolved: the same.
    const inline = await startCall(t, key, {
      inlineAgent: { name: "nothing-resolves", prompt, skills: [{ name: "ghost" }] },
    });
    expect(inline.systemPrompt).toBe(prompt);
    expect(inline.tools).toEqual([]);
  });

  it("RT-5 variables render in prompt, descriptions, instructions and tool descriptions; a missing one renders empty and is a call warning", async () => {
    await publishSkill(t, key, "rt5-skill", {
      description: "Use for {{product}} bills.",
      body: "Account {{account}}; region {{region}}.",
      tools: [
        {
          name: "rt5_lookup",
          description: "Looks up {{account}} in {{ledger}}.",
          webhookUrl: "https://hooks.example.com/rt5",
        },
      ],
    });
    const agentId = await publishAgent(t, key, {
      name: "rt5-agent",
      prompt: "Hello {{caller.name}}.",
      skills: [{ name: "rt5-skill" }],
    });
    const variables = { caller: { name: "Ada" }, product: "Fibre", account: 42 };
    const call = await startCall(t, key, { agentId, variables });
    expect(call.systemPrompt).toBe(`Hello Ada.\n\n${skillsSection([["rt5-skill", "Use for Fibre bills."]])}`);
    expect(call.warnings).toEqual([]);
    const loaded = await loadSkill(t, key, call.id, "rt5-skill");
    expect(loaded.call.systemPrompt).toContain(skillSection("rt5-skill", "Account 42; region ."));
    expect(loaded.call.tools).toContainEqual({
      name: "rt5_lookup",
      description: "Looks up 42 in .",
      source: "skill:rt5-skill",
    });
    expect(loaded.call.warnings).toEqual([
      "template variable 'region' is missing; it rendered empty",
      "template variable 'ledger' is missing; it rendered empty",
    ]);
    // A missing variable of the agent's own prompt warns from the start.
    const bare = await startCall(t, key, { agentId });
    expect(bare.systemPrompt.startsWith("Hello .\n\n")).toBe(true);
    expect(bare.warnings).toEqual([
      "template variable 'caller.name' is missing; it rendered empty",
      "template variable 'product' is missing; it rendered empty",
    ]);
  });

  it("AG-4 a speech-to-speech agent that lists skills runs its calls without skills, with the warning skills_ignored_on_s2s", async () => {
    await publishSkill(t, key, "s2s-skill");
    const saved = await saveAgent(t, key, {
      name: "s2s-agent",
      mode: "SPEECH_TO_SPEECH",
      prompt: "Voice only.",
      skills: [{ name: "s2s-skill" }],
    });
    expect(saved.warnings).toContain("skills_ignored_on_s2s");
    await t.ok(`mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, { id: saved.id }, key);
    const call = await startCall(t, key, { agentId: saved.agentId });
    expect(call.warnings).toEqual(["skills_ignored_on_s2s"]);
    expect(call.skills).toEqual([]);
    expect(call.systemPrompt).toBe("Voice only.");
    expect(call.tools).toEqual([]);
    const tried = await loadSkill(t, key, call.id, "s2s-skill");
    expect(tried).toMatchObject({ status: "UNKNOWN_SKILL", skill: null, unloaded: null, available: [] });
    expect(tried.message).toBe(
      'There is no skill named "s2s-skill", and no skills can be loaded in this conversation.',
    );
    expect(tried.call.events.map((e) => e.type)).toEqual(["call.started"]);
    const inline = await startCall(t, key, {
      inlineAgent: { name: "s2s-inline", mode: "SPEECH_TO_SPEECH", skills: [{ name: "s2s-skill" }] },
    });
    expect(inline.warnings).toEqual(["skills_ignored_on_s2s"]);
    expect(inline.skills).toEqual([]);
  });

  it("LB-5 a linked project's calls resolve in its library, never its own skills; a name the library lacks is a warning and a skip", async () => {
    const library = await t.project("lb5 library");
    const linked = await t.project("lb5 linked");
    const libraryBilling = await publishSkill(t, library.adminKey, "lb5-billing", { body: "Library billing." });
    const ownBilling = await publishSkill(t, linked.adminKey, "lb5-billing", { body: "Own billing." });
    await publishSkill(t, linked.adminKey, "lb5-own-only");
    await linkLibrary(t, linked.id, library.id);

    const agentId = await publishAgent(t, linked.adminKey, { name: "lb5-agent", skills: [{ name: "lb5-billing" }] });
    const call = await startCall(t, linked.adminKey, { agentId });
    expect(call.skills).toEqual([
      { name: "lb5-billing", version: 1, versionId: libraryBilling, pinned: false, loaded: false },
    ]);
    const loaded = await loadSkill(t, linked.adminKey, call.id, "lb5-billing");
    expect(loaded.call.systemPrompt).toContain(skillSection("lb5-billing", "Library billing."));

    const inline = await startCall(t, linked.adminKey, {
      inlineAgent: {
        name: "lb5-inline",
        skills: [
          { name: "lb5-own-only" },
          { name: "lb5-ghost" },
          { name: "lb5-pinned-own", versionId: ownBilling },
          { name: "lb5-billing" },
        ],
      },
    });
    expect(inline.status).toBe("active");
    expect(inline.warnings).toEqual([
      "skill 'lb5-own-only' skipped: no published version in this project's skill library",
      "skill 'lb5-ghost' skipped: no published version in this project's skill library",
      `skill 'lb5-pinned-own' skipped: pinned version '${ownBilling}' is not a version of 'lb5-pinned-own' in this project's skill library`,
    ]);
    expect(inline.skills.map((s) => s.versionId)).toEqual([libraryBilling]);
  });
});
