import { beforeAll, describe, expect, it } from "vitest";
import { ConsoleFrame } from "../pages/console-frame";
import { RolloutPage, StartRolloutForm } from "../pages/rollouts";
import { SkillEditor, SkillsList } from "../pages/skills";
import { updateDocsImage } from "../support/console";
import { useConsoleSession } from "../support/session";

const SKILL = "refund-policy";
const skillMd = (body: string) =>
  [
    "---",
    `name: ${SKILL}`,
    "description: Decides refunds. Use when a caller asks for money back.",
    "---",
    "",
    body,
  ].join("\n");

interface StartedCall {
  startCall: { id: string; skills: Array<{ name: string; arm: string | null }> };
}

describe("console journey: approve, roll out by steps, a guard rolls back, a second rollout completes (UX-8, AP, RO)", () => {
  const s = useConsoleSession({ journey: "rollouts", timeout: 15_000 });
  let admin = "";
  let reviewer = "";
  let agentId = "";
  let candidateId = "";
  let rolloutUrl = "";

  /** One call through the API as an agent platform makes it: keyed, the skill loaded, its outcome reported. */
  async function call(key: string, succeed: (arm: string) => boolean): Promise<string> {
    const started = await s.gql<StartedCall>(
      admin,
      `mutation($agentId: ID!, $key: String!) {
         startCall(input: { agentId: $agentId, rolloutKey: $key }) { id skills { name arm } } }`,
      { agentId, key },
    );
    const { id, skills } = started.startCall;
    const arm = skills.find((x) => x.name === SKILL)?.arm ?? "none";
    await s.gql(admin, `mutation($id: ID!) { loadSkill(callId: $id, name: "${SKILL}") { status } }`, { id });
    await s.gql(
      admin,
      `mutation($id: ID!, $ok: Boolean!) { reportOutcome(input: { callId: $id, success: $ok }) { success } }`,
      {
        id,
        ok: succeed(arm),
      },
    );
    await s.gql(admin, `mutation($id: ID!) { endCall(callId: $id) { id } }`, { id });
    return arm;
  }

  beforeAll(async () => {
    admin = (await s.project("Acme rollouts")).key;
    await s.publishSkill(admin, skillMd("Refund within 30 days."));
    agentId = await s.publishAgent(admin, {
      name: "billing line",
      prompt: "You help with bills.",
      skills: [{ name: SKILL }],
    });
    const made = await s.gql<{ createSkillVersion: { id: string } }>(
      admin,
      `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`,
      { md: skillMd("Refund within 14 days, and only with a receipt.") },
    );
    candidateId = made.createSkillVersion.id;
    // last week's traffic, as the start form's forecast reads it: calls of the agent with outcomes, 9 in 10 good
    for (let i = 0; i < 10; i++) await call(`earlier-${i}`, () => i !== 0);
    // AP-1: one approval by someone other than the author before anything goes live
    await s.gql(admin, `mutation { setPublishPolicy(requiredApprovals: 1) { requiredApprovals } }`);
    reviewer = (
      await s.gql<{ createApiKey: { key: string } }>(
        admin,
        `mutation { createApiKey(name: "reviewer", role: EDITOR) { key } }`,
      )
    ).createApiKey.key;
    await new ConsoleFrame(s.page).signIn(admin);
  });

  it("AP-2 the author cannot approve their own draft; a second key approves its digest in the console", async () => {
    const frame = new ConsoleFrame(s.page);
    const approvals = s.page.getByRole("region", { name: "Approvals" });
    // The author (signed in above): Approve is disabled, with the reason, and Publish waits for an approval.
    await s.page.goto(`/skills/v/${candidateId}`);
    await approvals.getByText("0 of 1 required").waitFor();
    expect(await approvals.getByRole("button", { name: "Approve" }).isDisabled()).toBe(true);
    await s.check("00-author-cannot-approve");
    // The reviewer, another key of the project, approves what they see.
    await frame.signOut();
    await frame.signIn(reviewer);
    await s.page.goto(`/skills/v/${candidateId}`);
    await approvals.getByRole("button", { name: "Approve" }).click();
    await approvals.getByText("1 of 1 required").waitFor();
    await approvals.getByText("current", { exact: true }).waitFor();
    await s.check("00-reviewer-approved");
    const { skillVersion } = await s.gql<{ skillVersion: { approvals: Array<{ current: boolean }> } }>(
      admin,
      `query($id: ID!) { skillVersion(id: $id) { approvals { current } } }`,
      { id: candidateId },
    );
    expect(skillVersion.approvals).toEqual([{ current: true }]);
    await frame.signOut();
    await frame.signIn(admin);
  });

  it("RO-1 starts a rollout from the impact preview, with steps, minutes and guards", async () => {
    await s.page.goto(`/skills/v/${candidateId}`);
    const editor = new SkillEditor(s.page);
    await editor.openPublish();
    await s.check("01-impact-preview");
    const form = new StartRolloutForm(s.page);
    await form.open();
    // defaults shown: api.md's steps and an hour per step, two guards
    expect(await form.root.getByLabel("Steps (% of calls)").inputValue()).toBe("5, 25, 50, 100");
    expect(await form.root.getByLabel("Minutes per step").inputValue()).toBe("60");
    expect(await form.root.getByRole("group", { name: /^Guard/ }).count()).toBe(2);
    // RO-4 UX-8: what each guard needs to decide, and how long the last 7 days' traffic takes to give it
    await expect
      .poll(() => form.forecast(0))
      .toMatch(/^needs about [\d,]+ outcomes per arm \(at 90 %, as in the last 7 days\); at 1\.4 outcomes a day/);
    expect(await form.forecast(1)).toMatch(/^needs about [\d,]+ tool runs per arm; no tool runs in the last 7 days/);
    expect(await form.root.getByTestId("rollout-forecast").innerText()).toMatch(
      /1 agent following this skill live, 10 calls\.$/,
    );
    await s.check("02-rollout-form");
    // a wrong plan is said on its field before anything is sent
    await form.fill({ steps: "10, 50, 90" });
    await form.root.getByRole("button", { name: "Start rollout" }).click();
    await form.root.getByText("The last step must be 100: reaching it publishes the version.").waitFor();
    await s.check("03-rollout-form-problem");
    await form.fill({ steps: "10, 50, 100", minutes: 0, minSamples: 5 });
    await form.start();
    rolloutUrl = new URL(s.page.url()).pathname;
    const page = new RolloutPage(s.page);
    await page.status.getByText("running").waitFor();
    expect(await s.page.getByTestId("rollout-share").innerText()).toBe(
      "10 % of new calls get version 2; the rest keep version 1.",
    );
    await s.check("04-rollout-started");
  });

  it("UX-8 a running rollout shows on the skills list and the skill's page", async () => {
    const list = new SkillsList(s.page);
    await list.open();
    const badges = list.table.getByRole("link", { name: /rolling out 10 %: the rollout of version 2/ });
    await badges.first().waitFor();
    expect(await badges.count()).toBe(2); // on the live version and on the candidate
    await s.check("05-skills-list-badge");
    await s.page.getByRole("link", { name: SKILL, exact: true }).first().click();
    await s.page.getByTestId("active-rollout").getByRole("link", { name: "Open the rollout" }).click();
    await s.page.waitForURL(new RegExp(`${rolloutUrl}$`));
  });

  it("RO-2 RO-3 advances by hand; calls and outcomes through the API move both arms on the live chart", async () => {
    const page = new RolloutPage(s.page);
    await page.act("Advance to 50 %…", "Advance to 50 %");
    await s.page
      .getByTestId("rollout-share")
      .getByText(/^50 % of new calls/)
      .waitFor();
    await s.page
      .getByTestId("live-mode")
      .getByText(/^live:/)
      .waitFor();
    const before = await page.pointCount();
    // The candidate fails its callers, live does not; a few calls on each arm first.
    const seen = { live: 0, candidate: 0 };
    for (let i = 0; seen.live < 3 || seen.candidate < 3; i++) {
      const arm = await call(`caller-${i}`, (a) => a === "live");
      if (arm === "live" || arm === "candidate") seen[arm]++;
      expect(i).toBeLessThan(60);
    }
    // the page is not reloaded: the subscription brings the new totals and a new point
    await expect
      .poll(() => page.row("Success rate"), { timeout: 15_000 })
      .toEqual([
        expect.stringMatching(/^100\.0 % \(\d+ outcomes\)$/),
        expect.stringMatching(/^0\.0 % \(\d+ outcomes\)$/),
      ]);
    expect(await page.pointCount()).toBeGreaterThan(before);
    await page.chart.locator("path.recharts-line-curve").first().waitFor({ state: "attached" });
    // RO-4: a few calls are not evidence yet; the guard says how many more it needs
    expect(await page.guardVerdict("Success rate")).toMatch(/^not enough outcomes yet: about \d+ more per arm$/);
    await s.check("06-arms-live-chart");
  });

  it("RO-4 the success-rate guard rolls it back once the evidence shows more than its 5 points", async () => {
    const page = new RolloutPage(s.page);
    // all against nothing is evidence of more than 5 points from about 15 outcomes a side
    const seen = { live: 0, candidate: 0 };
    for (let i = 100; seen.live < 16 || seen.candidate < 16; i++) {
      const arm = await call(`caller-${i}`, (a) => a === "live");
      if (arm === "live" || arm === "candidate") seen[arm]++;
      expect(i).toBeLessThan(220);
    }
    // the worker checks every 15 s; "Check guards now" does it at once
    if ((await page.status.innerText()) === "running")
      await page.act("Check guards now", "Check guards now").catch(() => undefined);
    await page.status.getByText("rolled back").waitFor({ timeout: 20_000 });
    expect(await s.page.getByTestId("end-reason").innerText()).toMatch(
      /^SUCCESS_RATE guard tripped: candidate 0\.0 % vs live 100\.0 %/,
    );
    await s.page.getByText("A guard rolled it back", { exact: true }).waitFor();
    expect(await page.guardVerdict("Success rate")).toMatch(
      /^tripped: \d+\.\d to 100\.0 points lower, more than the 5 points allowed$/,
    );
    await s.page.getByText("A guard tripped at 50 %").waitFor();
    await s.page
      .getByText(/by the rollout guard/)
      .first()
      .waitFor();
    await s.check("07-guard-rolled-back");
    await updateDocsImage("rollouts", "07-guard-rolled-back", "console-rollout.png");
  });

  it("RO-5 a second rollout of the same draft completes: advanced to 100 it is published", async () => {
    await s.page.goto(`/skills/v/${candidateId}`);
    await new SkillEditor(s.page).openPublish();
    const form = new StartRolloutForm(s.page);
    await form.open();
    await form.removeGuards();
    await form.fill({ steps: "50, 100", minutes: 0 });
    await form.start();
    const page = new RolloutPage(s.page);
    await page.status.getByText("running").waitFor();
    await page.act("Complete (publish)…", "Publish to everyone");
    await page.status.getByText("completed").waitFor();
    await s.page.getByText("Version 2 was published", { exact: true }).waitFor();
    await s.check("08-completed");
    const live = await s.gql<{ skills: { items: Array<{ version: number }> } }>(
      admin,
      `query { skills(name: "${SKILL}", state: PUBLISHED) { items { version } } }`,
    );
    expect(live.skills.items.map((v) => v.version)).toEqual([2]);
    await s.page.getByRole("link", { name: `all rollouts of ${SKILL}` }).click();
    const rows = s.page.getByRole("table", { name: "Rollouts" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/completed/i);
    expect(await rows.nth(1).innerText()).toMatch(/rolled back[\s\S]*SUCCESS_RATE guard tripped/i);
    await s.check("09-rollouts-of-skill");
  });
});
