import { beforeAll, expect, it } from "vitest";
import {
  LOAD_SKILL,
  type LoadResult,
  publishAgent,
  publishSkill,
  replay,
  runTool,
  startCall,
  type Timeline,
  timeline,
} from "../../../test/support/calls";
import { describeEachDialect } from "../../../test/support/test-app";

const CAP = 3;
const SKILLS = Array.from({ length: 10 }, (_, i) => `race-${i}`);

/**
 * RT-4, RT-11, SEC-15: concurrent loads on one call, with real concurrency (separate HTTP requests, a connection pool
 * on PostgreSQL). No load is lost, the cap is never exceeded, and the events alone replay to the loaded set.
 */
describeEachDialect("concurrent loads", (t) => {
  let key: string;
  let agentId: string;
  beforeAll(async () => {
    key = (await t.project("races")).adminKey;
    for (const name of SKILLS) await publishSkill(t, key, name);
    agentId = await publishAgent(t, key, {
      name: "racer",
      maxLoadedSkills: CAP,
      skills: SKILLS.map((name) => ({ name })),
    });
  });

  async function loadAll(callId: string, names: readonly string[]): Promise<LoadResult[]> {
    const responses = await Promise.all(
      names.map((name) => t.gql<{ loadSkill: LoadResult }>(LOAD_SKILL, { callId, name }, key)),
    );
    for (const res of responses) expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return responses.map((res) => res.data!.loadSkill);
  }

  /** Everything the events must show after a race, whatever order the loads took. */
  function expectConsistent(read: Timeline, results: readonly LoadResult[]): void {
    const events = read.events;
    const loadedEvents = events.filter((e) => e.type === "skill.loaded");
    const unloadedEvents = events.filter((e) => e.type === "skill.unloaded");
    const loadedResults = results.filter((r) => r.status === "LOADED");
    // No lost load: one skill.loaded per LOADED outcome, for that skill.
    expect(loadedEvents.map((e) => e.data.skill).sort()).toEqual(loadedResults.map((r) => r.skill).sort());
    // Each LOADED outcome's eviction is the unload recorded right before some load of its skill.
    for (const result of loadedResults.filter((r) => r.unloaded !== null)) {
      const found = events.some(
        (e, i) =>
          e.type === "skill.loaded" &&
          e.data.skill === result.skill &&
          events[i - 1]?.type === "skill.unloaded" &&
          events[i - 1]?.data.skill === result.unloaded,
      );
      expect(found, `${result.skill} evicting ${result.unloaded}`).toBe(true);
    }
    // An unload is always followed by the load that made room (one switch), and always for the cap.
    events.forEach((e, i) => {
      if (e.type === "skill.unloaded") {
        expect(e.data.reason).toBe("limit");
        expect(events[i + 1]?.type).toBe("skill.loaded");
      }
    });
    // The cap is never exceeded, neither in any event's loaded set nor in any result.
    for (const e of events) expect(e.loadedAfter.length).toBeLessThanOrEqual(CAP);
    for (const r of results) expect(r.call.loadedSkills.length).toBeLessThanOrEqual(CAP);
    // The events replay to every loaded set and to the loaded set now.
    const replayed = replay(events);
    expect(events.map((e) => e.loadedAfter)).toEqual(replayed);
    expect(read.loadedSkills).toEqual(replayed.at(-1));
    expect(new Set(read.loadedSkills).size).toBe(read.loadedSkills.length);
    expect(unloadedEvents.length).toBe(loadedEvents.length - read.loadedSkills.length);
    // The record: every skill a LOADED outcome named reads loaded.
    const everLoaded = new Set(loadedResults.map((r) => r.skill));
    for (const s of read.skills) expect(s.loaded, s.name).toBe(everLoaded.has(s.name));
  }

  it("RT-4 SEC-15 ten concurrent loadSkill of different skills on one call with cap 3: no lost load, never past the cap, events replay to the loaded set", async () => {
    const call = await startCall(t, key, { agentId });
    const results = await loadAll(call.id, SKILLS);
    expect(results.map((r) => r.status)).toEqual(SKILLS.map(() => "LOADED"));
    expect(results.filter((r) => r.unloaded !== null)).toHaveLength(SKILLS.length - CAP);
    const read = await timeline(t, key, call.id);
    expect(read.loadedSkills).toHaveLength(CAP);
    expect(read.events.filter((e) => e.type === "skill.loaded")).toHaveLength(SKILLS.length);
    expect(read.events.filter((e) => e.type === "skill.unloaded")).toHaveLength(SKILLS.length - CAP);
    expectConsistent(read, results);
  });

  it("RT-4 RT-3 SEC-15 racing loads of the same skills: each skill is LOADED or ALREADY_LOADED as the events say, never past the cap", async () => {
    for (let round = 0; round < 3; round++) {
      const call = await startCall(t, key, { agentId });
      const names = Array.from({ length: 24 }, (_, i) => SKILLS[(i * 7 + round) % 5]!);
      const results = await loadAll(call.id, names);
      expect(results.every((r) => r.status === "LOADED" || r.status === "ALREADY_LOADED")).toBe(true);
      const read = await timeline(t, key, call.id);
      expectConsistent(read, results);
    }
  });

  it("RT-4 SEC-15 concurrent loads through runTool load_skill and loadSkill together, on several calls at once", async () => {
    const calls = await Promise.all([1, 2, 3].map(() => startCall(t, key, { agentId })));
    const outcomes = await Promise.all(
      calls.flatMap((call) =>
        SKILLS.slice(0, 8).map(async (name, i) => {
          if (i % 2 === 0) {
            const res = await t.gql<{ loadSkill: LoadResult }>(LOAD_SKILL, { callId: call.id, name }, key);
            expect(res.errors).toBeUndefined();
            return { callId: call.id, status: res.data!.loadSkill.status, skill: name };
          }
          const invocation = await runTool(t, key, call.id, "load_skill", { name });
          expect(invocation.status).toBe("ok");
          return { callId: call.id, status: (invocation.result as { status: string }).status, skill: name };
        }),
      ),
    );
    for (const call of calls) {
      const read = await timeline(t, key, call.id);
      const mine = outcomes.filter((o) => o.callId === call.id);
      expect(mine.every((o) => o.status === "LOADED")).toBe(true);
      expect(
        read.events
          .filter((e) => e.type === "skill.loaded")
          .map((e) => e.data.skill)
          .sort(),
      ).toEqual(mine.map((o) => o.skill).sort());
      expect(read.loadedSkills).toHaveLength(CAP);
      expect(read.events.map((e) => e.loadedAfter)).toEqual(replay(read.events));
      for (const e of read.events) expect(e.loadedAfter.length).toBeLessThanOrEqual(CAP);
    }
  });
});
