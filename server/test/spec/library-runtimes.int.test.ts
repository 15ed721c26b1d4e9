import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { linkLibrary } from "../support/agents";
import { publishSkill } from "../support/calls";
import { sendMessage } from "../support/chat";
import { saveScenario, settledRun, startRun, systemOf } from "../support/evals";
import { startGatewayKit, toolAnswers, type GatewayKit } from "../support/gateway-kit";
import type { RecordedRequest } from "../support/scripted-model";
import { describeEachDialect } from "../support/test-app";

/**
 * LB-5 beyond calls (call-resolution.int.test.ts has those): in a project linked to a library, chat sessions, eval
 * runs and the gateway resolve the library's skills, never the project's own; a name or pin the library does not hold
 * is a warning and a skip where the agent is inline (a stored agent cannot be saved with one, LB-4), and the run goes on.
 */
const SKILL = "lb5-billing";

/** Loads the skill once when it is offered, then answers. */
function loadOnce(request: RecordedRequest) {
  const offered = (request.body.tools ?? []).map((tool) => tool.function.name);
  const answered = request.body.messages.some((m) => m.role === "tool");
  if (offered.includes("load_skill") && !answered)
    return { toolCalls: [{ name: "load_skill", arguments: { name: SKILL } }] };
  return { text: "Done." };
}

describeEachDialect.withOwnApps("a linked project's sessions, eval runs and gateway", (dialect) => {
  let kit: GatewayKit;
  let libraryVersion = "";
  let libraryV1 = "";
  let ownVersion = "";
  let agentId = "";

  beforeAll(async () => {
    kit = await startGatewayKit(dialect, {}, { respond: loadOnce });
    kit.t.app.evalWorker.start({ pollIntervalMs: 20 });
    const library = await kit.t.project("lb5 library");
    libraryV1 = await publishSkill(kit.t, library.adminKey, "lb5-pinned", { body: "Library pinned v1." });
    await publishSkill(kit.t, library.adminKey, "lb5-pinned", { body: "Library pinned v2." });
    libraryVersion = await publishSkill(kit.t, library.adminKey, SKILL, {
      description: "The library's billing skill.",
      body: "Library billing.",
    });
    ownVersion = await publishSkill(kit.t, kit.key, SKILL, { description: "The project's own.", body: "Own billing." });
    await publishSkill(kit.t, kit.key, "lb5-own-only", { body: "Own only." });
    await linkLibrary(kit.t, kit.projectId, library.id);
    ({ agentId } = await kit.agent({
      name: "lb5-desk",
      prompt: "Billing desk.",
      skills: [{ name: SKILL }, { name: "lb5-pinned", versionId: libraryV1 }],
    }));
  });
  afterAll(() => kit?.close());
  beforeEach(() => kit.upstream.reset());

  const inlineSkills = () => [
    { name: SKILL },
    { name: "lb5-own-only" },
    { name: "lb5-pinned-own", versionId: ownVersion },
  ];
  const inlineWarnings = () => [
    "skill 'lb5-own-only' skipped: no published version in this project's skill library",
    `skill 'lb5-pinned-own' skipped: pinned version '${ownVersion}' is not a version of 'lb5-pinned-own' in this project's skill library`,
  ];

  it("LB-5 a chat session resolves and loads the library's skills and pins, never the project's own", async () => {
    const reply = await sendMessage(kit.t, kit.key, { agentId, content: "My bill?" });
    expect(reply.session.skills.map((s) => [s.name, s.versionId, s.pinned])).toEqual([
      [SKILL, libraryVersion, false],
      ["lb5-pinned", libraryV1, true],
    ]);
    expect(systemOf(kit.upstream.requests[0]!)).toContain("The library's billing skill.");
    expect(systemOf(kit.upstream.requests[0]!)).not.toContain("The project's own.");
    expect(reply.session.loadedSkills).toEqual([SKILL]);
    expect(reply.session.systemPrompt).toContain("Library billing.");
    expect(reply.session.systemPrompt).not.toContain("Own billing.");

    const inline = await sendMessage(kit.t, kit.key, {
      inlineAgent: { name: "lb5-inline", skills: inlineSkills() },
      content: "My bill?",
    });
    expect(inline.session.skills.map((s) => s.versionId)).toEqual([libraryVersion]);
    expect(inline.session.warnings).toEqual(inlineWarnings());
    expect(inline.reply).toBe("Done.");
  });

  it("LB-5 an eval run resolves the library's skills for a stored agent; an inline target's names the library lacks are skills_skipped warnings", async () => {
    const scenario = await saveScenario(kit.t, kit.key, { name: "lb5 bill", turns: ["My bill?"], expectations: [] });
    const stored = await settledRun(
      kit.t,
      kit.key,
      (await startRun(kit.t, kit.key, { target: { agentId }, scenarioIds: [scenario.id] })).id,
    );
    expect(stored.status).toBe("done");
    expect(stored.resolvedConfig.resolved_skills!.map((s) => [s.name, s.version_id, s.pinned])).toEqual([
      [SKILL, libraryVersion, false],
      ["lb5-pinned", libraryV1, true],
    ]);
    expect(stored.results[0]!.toolCalls.map((call) => [call.tool, (call.result as { status: string }).status])).toEqual(
      [["load_skill", "LOADED"]],
    );
    // the transcript's system prompt (as it stood at the end): the library's catalog entry and, loaded, its instructions
    const system = String(stored.results[0]!.transcript[0]!.content);
    expect(system).toContain(`${SKILL}: The library's billing skill.`);
    expect(system).toContain(`<skill name="${SKILL}">\nLibrary billing.\n</skill>`);
    expect(system).not.toContain("Own billing.");

    const inline = await settledRun(
      kit.t,
      kit.key,
      (
        await startRun(kit.t, kit.key, {
          target: { inlineAgent: { name: "lb5-inline", skills: inlineSkills() } },
          scenarioIds: [scenario.id],
        })
      ).id,
    );
    expect(inline.status).toBe("done");
    expect(inline.resolvedConfig.resolved_skills!.map((s) => s.version_id)).toEqual([libraryVersion]);
    expect(inline.warnings.join("\n")).toContain("skills_skipped");
    for (const warning of inlineWarnings()) expect(inline.warnings.join("\n")).toContain(warning);
  });

  it("LB-5 the gateway's catalog and load_skill serve the library's skills to a linked project's agent", async () => {
    const completion = await kit.client().chat.completions.create({
      model: "lb5-desk",
      messages: [{ role: "user", content: "My bill?" }],
    });
    expect(completion.choices[0]?.message.content).toBe("Done.");
    const [first, second] = kit.upstream.requests;
    expect(systemOf(first!)).toContain(`${SKILL}: The library's billing skill.`);
    expect(systemOf(first!)).not.toContain("The project's own.");
    const [load] = toolAnswers(second!.body);
    expect(load).toMatchObject({ tool: "load_skill", arguments: { name: SKILL } });
    expect(load!.content).toContain("Library billing.");
    expect(load!.content).not.toContain("Own billing.");
  });
});
