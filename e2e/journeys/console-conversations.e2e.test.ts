import { beforeAll, describe, expect, it } from "vitest";
import {
  startScriptedModel,
  type RecordedRequest,
  type ScriptedModel,
  type ScriptedReply,
} from "../../server/test/support/scripted-model";
import { CallPage, CallsList, TryIt } from "../pages/calls";
import { ConsoleFrame } from "../pages/console-frame";
import { SessionsPages } from "../pages/sessions";
import { useConsoleSession } from "../support/session";

const REFUNDS = [
  "---",
  "name: refunds",
  "description: Use when the caller asks for a refund or about the refund policy.",
  "---",
  "",
  "# Refunds",
  "",
  "1. Ask for the order number.",
  "2. Check the order is under 30 days old.",
].join("\n");

/** Asked about a refund, the model loads the skill and then answers; anything else gets a greeting. */
function reply(request: RecordedRequest): ScriptedReply {
  const messages = request.body.messages;
  const user = String(messages.filter((m) => m.role === "user").at(-1)?.content ?? "");
  const answered = messages.at(-1)?.role === "tool";
  if (/refund/i.test(user) && !answered) return { toolCalls: [{ name: "load_skill", arguments: { name: "refunds" } }] };
  if (/refund/i.test(user)) return { text: "Refunds are possible within 30 days. What is your order number?" };
  return { text: `You said: ${user}` };
}

const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { session { id } reply } }`;

// Calls and chat sessions as conversations (UX-5, UX-9), in dark mode: the console follows the system's setting.
describe("console journey: calls live and chat sessions as conversations, in dark mode (UX-5, UX-9)", () => {
  let model: ScriptedModel;
  const s = useConsoleSession({
    journey: "conversations",
    colorScheme: "dark",
    timeout: 15_000,
    server: async () => {
      model = await startScriptedModel({ respond: reply });
      return { env: { MODEL_BASE_URL: model.baseUrl, MODEL_NAME: "scripted", OUTBOUND_ALLOW_HOSTS: "127.0.0.1" } };
    },
  });
  let key = "";
  let followerId = "";
  let deskId = "";

  beforeAll(async () => {
    key = (await s.project("Acme conversations")).key;
    await s.publishSkill(key, REFUNDS);
    const agent = (name: string) =>
      s.publishAgent(key, { name, prompt: "You help with refunds.", skills: [{ name: "refunds" }] });
    followerId = await agent("follower");
    deskId = await agent("refund desk with a rather long name to see how lists cope");
    await new ConsoleFrame(s.page).signIn(key);
    return () => model?.close();
  });

  it("UX-5 the try-it panel starts a call; the call page, open in a second tab, shows the load live without reading again", async () => {
    expect(await s.page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    await s.page.goto(`/agents/${followerId}/try`);
    const tryIt = new TryIt(s.page);
    const callPath = await tryIt.start();
    expect(callPath).toMatch(/^\/calls\//);

    // A second tab on the call page: it must learn of the load over graphql-ws, not by reading the call again.
    const watcher = await s.newPage();
    const sockets: string[] = [];
    watcher.on("websocket", (ws) => sockets.push(ws.url()));
    const callReads: string[] = [];
    watcher.on("request", (req) => {
      if (req.url().endsWith("/graphql") && /"operationName":"ReadCall"/.test(req.postData() ?? "")) {
        callReads.push(req.url());
      }
    });
    await new ConsoleFrame(watcher).signIn(key);
    await watcher.goto(callPath);
    const call = new CallPage(watcher);
    await call.timeline.waitFor();
    await expect.poll(() => call.liveMode.textContent()).toMatch(/^live/);
    expect(sockets.map((u) => new URL(u).pathname)).toEqual(["/graphql"]);
    const readsBefore = callReads.length;
    expect(await call.timeline.textContent()).not.toContain("skill.loaded");

    // back to the first tab (Chromium paints no frame in a tab behind another, and the picker animates)
    await s.page.bringToFront();
    await tryIt.load("refunds");
    expect(await tryIt.timeline.textContent()).toContain("skill.loaded · refunds");
    expect(await s.page.getByTestId("system-prompt").textContent()).toContain("Ask for the order number");
    await s.check("01-try-it");

    await expect
      .poll(() => call.timeline.textContent(), { timeout: 3_000, interval: 100 })
      .toContain("skill.loaded · refunds");
    expect(await call.systemPrompt.textContent()).toContain("Ask for the order number");
    expect(await watcher.getByRole("row", { name: /refunds/ }).textContent()).toContain("loaded");
    expect(callReads.length, "the call page read the call again instead of following its events").toBe(readsBefore);

    // A tool run arrives the same way (callToolInvocations on the same socket), not with a later read of the call.
    await tryIt.runTool("load_skill", { name: "refunds" });
    await expect
      .poll(() => call.toolRuns.textContent(), { timeout: 3_000, interval: 100 })
      .toContain("load_skill · ok");
    expect(callReads.length, "the call page read the call again instead of following its tool runs").toBe(readsBefore);
    expect(sockets).toHaveLength(1);
    await s.check("02-call-live", watcher);

    // The end arrives the same way: the page stops following and says the call ended.
    await s.gql(key, `mutation($id: ID!) { endCall(callId: $id) { id } }`, { id: callPath.split("/").pop() });
    await watcher.getByText("ended", { exact: true }).waitFor({ timeout: 3_000 });
    await watcher.close();
  });

  it("UX-5 when the WebSocket cannot connect, the call page falls back to reading the call every 2 s", async () => {
    const started = await s.gql<{ startCall: { id: string } }>(
      key,
      `mutation($agentId: ID!) { startCall(input: { agentId: $agentId }) { id } }`,
      { agentId: followerId },
    );
    const id = started.startCall.id;
    const blocked = await s.newPage();
    // As a proxy that refuses upgrades would: every socket to /graphql is closed at once.
    await blocked.routeWebSocket(/\/graphql$/, (ws) => ws.close({ code: 1011, reason: "no upgrades here" }));
    await new ConsoleFrame(blocked).signIn(key);
    await blocked.goto(`/calls/${id}`);
    const call = new CallPage(blocked);
    await expect.poll(() => call.liveMode.textContent(), { timeout: 8_000 }).toMatch(/live updates unavailable/);
    await s.gql(key, `mutation($id: ID!) { loadSkill(callId: $id, name: "refunds") { status } }`, { id });
    await expect.poll(() => call.timeline.textContent(), { timeout: 5_000 }).toContain("skill.loaded · refunds");
    await blocked.close();
  });

  it("UX-5 the calls list filters by agent", async () => {
    await new ConsoleFrame(s.page).open("Calls");
    const calls = new CallsList(s.page);
    await calls.table.waitFor();
    expect(await calls.table.locator("tbody tr").count()).toBe(2);
    await calls.filterAgent("refund desk with a rather long name to see how lists cope");
    await s.page.getByText("No call matches these filters.").waitFor();
    expect(s.page.url()).toContain(`agent=${deskId}`);
    await s.check("03-calls-filtered");
  });

  it("UX-9 a chat session sent through the API is listed, filtered by agent and date, and opens as a conversation", async () => {
    const first = await s.gql<{ sendMessage: { session: { id: string }; reply: string } }>(key, SEND, {
      input: { agentId: followerId, content: "Can I get a refund for my order?" },
    });
    expect(first.sendMessage.reply).toMatch(/within 30 days/);
    await s.gql(key, SEND, { input: { agentId: deskId, content: "Hello there" } });
    const sessionId = first.sendMessage.session.id;

    await new ConsoleFrame(s.page).open("Sessions");
    const sessions = new SessionsPages(s.page);
    await sessions.table.waitFor();
    expect(await sessions.rows().count()).toBe(2);
    await sessions.filterAgent("follower");
    await expect.poll(() => sessions.rows().count()).toBe(1);
    expect(await sessions.rows().first().textContent()).toContain("Can I get a refund for my order?");
    await sessions.filterSince("Last hour");
    await expect.poll(() => sessions.rows().count()).toBe(1);
    await s.page.getByRole("textbox", { name: "Until" }).fill("2020-01-31");
    await s.page.getByText("No session matches these filters.").waitFor();
    await s.page.getByRole("textbox", { name: "Until" }).fill("");
    await expect.poll(() => sessions.rows().count()).toBe(1);
    await s.check("04-sessions");

    await sessions.open(sessionId.slice(0, 8));
    expect(await sessions.userMessages().first().innerText()).toMatch(/^User\s+Can I get a refund for my order\?$/);
    const load = sessions.toolCalls().first();
    expect(await load.getByText("load_skill", { exact: true }).isVisible()).toBe(true);
    expect(await load.getByText("ok", { exact: true }).isVisible()).toBe(true);
    expect(await sessions.assistantMessages().last().innerText()).toContain("within 30 days");
    // not a JSON dump; the tool call's arguments open on demand
    expect(await sessions.transcript.getByText(/"role":/).count()).toBe(0);
    await load.getByText("Arguments").click();
    await load.getByText('"name": "refunds"').waitFor();
    const skills = sessions.resolvedSkills();
    expect(await skills.getByRole("row", { name: /refunds/ }).innerText()).toMatch(
      /refunds\s+version 1\s+live\s+loaded/i,
    );
    await s.check("05-session");
  });

  it("UX-9 a message sent while the session is open appears without a reload", async () => {
    const sessionId = new URL(s.page.url()).pathname.split("/").pop();
    const sessions = new SessionsPages(s.page);
    const before = await sessions.userMessages().count();
    await s.gql(key, SEND, { input: { sessionId, content: "Thanks, that is all" } });
    await expect.poll(() => sessions.userMessages().count(), { timeout: 5_000, interval: 200 }).toBe(before + 1);
    expect(await sessions.assistantMessages().last().innerText()).toContain("You said: Thanks, that is all");
    await s.check("06-session-live");
  });
});
