import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { publishAgent, publishSkill } from "../../../test/support/calls";
import { listedSkills } from "../../../test/support/catalog";
import { sendMessage } from "../../../test/support/chat";
import { saveScenario, settledRun, startRun } from "../../../test/support/evals";
import { postChat, startGatewayKit, type GatewayKit } from "../../../test/support/gateway-kit";
import { revoke } from "../../../test/support/revocation";
import { describeEachDialect } from "../../../test/support/test-app";

/**
 * PV-3 through the runners that are not a call's start: a chat session, a gateway turn and an eval run resolve the agent as calls
 * do (one resolution), so an agent pinned to a revoked version gets that skill in neither — the model never sees it.
 */
describeEachDialect.withOwnApps("revoked versions in chat sessions and gateway turns", (dialect) => {
  let kit: GatewayKit;
  let agentId: string;
  let pinned: string;

  beforeAll(async () => {
    kit = await startGatewayKit(dialect);
    pinned = await publishSkill(kit.t, kit.key, "pinned-skill", { body: "Pinned instructions." });
    await publishSkill(kit.t, kit.key, "pinned-skill", { body: "Newer instructions." });
    await publishSkill(kit.t, kit.key, "other-skill", { body: "Other instructions." });
    agentId = await publishAgent(kit.t, kit.key, {
      name: "Pinned desk",
      alias: "pinned-desk",
      prompt: "You help.",
      skills: [{ name: "pinned-skill", versionId: pinned }, { name: "other-skill" }],
    });
  }, 60_000);
  afterAll(async () => kit?.close());
  beforeEach(() => kit.upstream.reset());

  // first: the next test runs after the revocation this one makes
  it("PV-3 a chat session's first message and a gateway turn list the pinned skill until it is revoked, then never", async () => {
    kit.upstream.reply({ text: "Hello." }, { text: "Hello again." });
    await sendMessage(kit.t, kit.key, { agentId, content: "hi" });
    expect((await postChat(kit, "pinned-desk", "hi")).status).toBe(200);
    expect(listedSkills(kit.upstream.requests[0]).sort()).toEqual(["other-skill", "pinned-skill"]);
    expect(listedSkills(kit.upstream.requests[1]).sort()).toEqual(["other-skill", "pinned-skill"]);

    await revoke(kit.t, kit.key, pinned, "hostile instructions");
    kit.upstream.reset();
    kit.upstream.reply({ text: "Hello." }, { text: "Hello again." });
    const chat = await sendMessage(kit.t, kit.key, { agentId, content: "hi" });
    expect(chat.session.warnings).toEqual([expect.stringContaining("was revoked and is never served")]);
    expect((await postChat(kit, "pinned-desk", "hi")).status).toBe(200);
    for (const request of kit.upstream.requests) {
      expect(listedSkills(request)).toEqual(["other-skill"]);
      expect(JSON.stringify(request.body)).not.toContain("Pinned instructions.");
    }
  });

  it("PV-3 an eval run of an agent pinned to a revoked version runs without it, and the run's warning says why", async () => {
    kit.t.app.evalWorker.start({ pollIntervalMs: 20 });
    kit.upstream.respondWith(() => ({ text: "Hello." }));
    const scenario = await saveScenario(kit.t, kit.key, {
      name: "greets",
      turns: ["hi"],
      expectations: [{ kind: "REPLY_CONTAINS", text: "Hello" }],
    });
    const run = await settledRun(
      kit.t,
      kit.key,
      (await startRun(kit.t, kit.key, { target: { agentId }, scenarioIds: [scenario.id] })).id,
    );
    expect(run.status).toBe("done");
    expect(run.warnings).toEqual([expect.stringContaining("was revoked and is never served")]);
    expect(kit.upstream.requests.length).toBeGreaterThan(0);
    for (const request of kit.upstream.requests) expect(listedSkills(request)).toEqual(["other-skill"]);
  });
});
