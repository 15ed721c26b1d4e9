import { describe, expect, it } from "vitest";
import { keptInvocation, type SkillInvocation } from "../../platform/session-store";
import { REPLAY_BUDGET_BYTES, replayInto, type ChatMessage } from "./gateway-messages";

const history: ChatMessage[] = [
  { role: "user", content: "First." },
  { role: "assistant", content: "Answer." },
  { role: "user", content: "Second." },
];
const load = (name: string): SkillInvocation => ({ tool: "load_skill", arguments: { name }, userMessageIndex: 1 });
const toolTexts = (messages: readonly ChatMessage[]) =>
  messages.filter((m) => m.role === "tool").map((m) => m.content as string);

describe("gateway replay", () => {
  it("GW-7 the replay budget counts UTF-8 bytes, newest first: multi-byte content under the budget in characters can still be over it", () => {
    // 2 × 50,000 three-byte characters: 100,000 characters, 300,000 bytes (> 256 KiB).
    const euros = (tag: string) => tag + "€".repeat(50_000);
    const items = [
      { invocation: load("old"), content: euros("old") },
      { invocation: load("new"), content: euros("new") },
    ];
    const replay = replayInto(history, items);
    expect(replay.replayed.map((i) => i.arguments.name)).toEqual(["new"]);
    expect(toolTexts(replay.messages).map((t) => t.slice(0, 3))).toEqual(["new"]);
  });

  it("GW-7 content that fits the budget is replayed whole, ASCII up to the budget's bytes", () => {
    const size = Math.floor(REPLAY_BUDGET_BYTES / 3);
    const items = ["a", "b", "c"].map((name) => ({ invocation: load(name), content: name.repeat(size) }));
    expect(replayInto(history, items).replayed.map((i) => i.arguments.name)).toEqual(["a", "b", "c"]);
    const over = [...items, { invocation: load("d"), content: "d".repeat(10) }];
    // 3 × a third of the budget, plus 10 bytes: the oldest no longer fits.
    expect(replayInto(history, over).replayed.map((i) => i.arguments.name)).toEqual(["b", "c", "d"]);
  });

  it("GW-5 a logged call replays as the same frozen messages turn after turn while its content holds; new content, new messages", () => {
    const invocation = keptInvocation(load("billing"));
    const first = replayInto(history, [{ invocation, content: "v1 text" }]).messages;
    const second = replayInto(history, [{ invocation, content: "v1 text" }]).messages;
    expect(first).toHaveLength(5);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).toBe(first[2]);
    expect(Object.isFrozen(first[2])).toBe(true);
    const changed = replayInto(history, [{ invocation, content: "v2 text" }]).messages;
    expect(changed[2]).not.toBe(first[2]);
    expect(changed[2]).toMatchObject({ role: "tool", content: "v2 text", tool_call_id: "call_replay_0" });
    expect(changed[1]).toMatchObject({
      role: "assistant",
      tool_calls: [{ id: "call_replay_0", function: { name: "load_skill", arguments: '{"name":"billing"}' } }],
    });
  });
});
