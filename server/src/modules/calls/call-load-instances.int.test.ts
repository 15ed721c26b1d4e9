import { afterAll, beforeAll, expect, it } from "vitest";
import {
  END_CALL,
  LOAD_SKILL,
  type LoadResult,
  loadSkill,
  publishAgent,
  publishSkill,
  replay,
  startCall,
  timeline,
} from "../../../test/support/calls";
import { statementsDuring } from "../../../test/support/sql-statements";
import {
  describeEachDialect,
  openTestDatabase,
  startTestApp,
  testCredentials,
  type TestApp,
} from "../../../test/support/test-app";

const CAP = 2;
const SKILLS = ["two-a", "two-b", "two-c", "two-d", "two-e", "two-f"];

/**
 * Two app instances on one database, each with its own copy of the calls it started, wrote or read (a load
 * on PostgreSQL decides on that copy and writes with one compare-and-set). Loads of one call through both at once
 * are serialised as the row lock serialised them (RT-4: each slot won once, the cap held, events in order), and a
 * copy that another instance made stale is decided again on the row as it is.
 */
describeEachDialect.withOwnApps("loads on one call from two instances", (dialect) => {
  let one: TestApp;
  let two: TestApp;
  let drop: () => Promise<void>;
  let key: string;
  let agentId: string;

  beforeAll(async () => {
    const opened = await openTestDatabase(dialect);
    drop = opened.drop;
    const credentials = testCredentials();
    one = await startTestApp(opened.db, { credentials });
    two = await startTestApp(opened.db, { credentials });
    key = (await one.project("two instances")).adminKey;
    for (const name of SKILLS) await publishSkill(one, key, name);
    agentId = await publishAgent(one, key, {
      name: "shared",
      maxLoadedSkills: CAP,
      skills: SKILLS.map((name) => ({ name })),
    });
  }, 60_000);

  afterAll(async () => {
    await two?.close();
    await one?.close();
    await drop?.();
  });

  /** The call's event numbers as stored, in order. */
  async function seqs(callId: string): Promise<number[]> {
    const p = dialect === "postgres" ? "$1" : "?";
    const rows = (await one.app.db.read((m) =>
      m.query(`SELECT seq FROM call_events WHERE call_id = ${p} ORDER BY seq`, [callId]),
    )) as Array<{ seq: number | string }>;
    return rows.map((r) => Number(r.seq));
  }

  it("RT-4 RT-11 SEC-15 loads of one call through two instances at once: each slot won once, never past the cap, events numbered in order and replaying to the loaded set", async () => {
    for (let round = 0; round < 3; round++) {
      const call = await startCall(one, key, { agentId });
      // each instance holds a copy: one started the call, two read it with a load
      await loadSkill(two, key, call.id, SKILLS[0]!);
      const names = Array.from({ length: 12 }, (_, i) => SKILLS[(i * 5 + round) % SKILLS.length]!);
      const responses = await Promise.all(
        names.map((name, i) =>
          (i % 2 ? one : two).gql<{ loadSkill: LoadResult }>(LOAD_SKILL, { callId: call.id, name }, key),
        ),
      );
      for (const res of responses) expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      const results = responses.map((res) => res.data!.loadSkill);
      expect(results.every((r) => r.status === "LOADED" || r.status === "ALREADY_LOADED")).toBe(true);
      const read = await timeline(one, key, call.id);
      const loadedEvents = read.events.filter((e) => e.type === "skill.loaded");
      // exactly one winner per load event: every LOADED answer is one skill.loaded event (plus the first load)
      expect(loadedEvents.length).toBe(1 + results.filter((r) => r.status === "LOADED").length);
      for (const e of read.events) expect(e.loadedAfter.length).toBeLessThanOrEqual(CAP);
      for (const r of results) expect(r.call.loadedSkills.length).toBeLessThanOrEqual(CAP);
      expect(read.events.map((e) => e.loadedAfter)).toEqual(replay(read.events));
      expect(read.loadedSkills).toEqual(replay(read.events).at(-1));
      const numbers = await seqs(call.id);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });

  it("RT-4 RT-11 a copy made stale by the other instance is decided again: the oldest load is evicted, not a slot taken twice", async () => {
    const call = await startCall(one, key, { agentId });
    await loadSkill(one, key, call.id, "two-a"); // one's copy: [two-a]
    await loadSkill(two, key, call.id, "two-b"); // the row: [two-a, two-b]; one's copy is behind
    const sent = await statementsDuring(one, async () => {
      const third = await loadSkill(one, key, call.id, "two-c");
      expect(third).toMatchObject({ status: "LOADED", skill: "two-c", unloaded: "two-a" });
      expect(third.call.loadedSkills).toEqual(["two-b", "two-c"]);
    });
    if (dialect === "postgres") {
      // the compare-and-set on the stale copy wrote nothing; the row read; the compare-and-set again
      // (the answer's call fields read after it through TypeORM: not counted)
      const load = sent.filter((s) => !s.startsWith('SELECT "')).map((s) => s.replace(/\s+/g, " ").slice(0, 17));
      expect(load).toEqual(["WITH c AS ( UPDAT", "SELECT id, projec", "WITH c AS ( UPDAT"]);
    } else {
      // SQLite: the copy's status and event number read, behind the row's, so the row read whole
      const reads = sent
        .filter((s) => s.startsWith("SELECT ") && !s.startsWith('SELECT "'))
        .map((s) => s.replace(/\s+/g, " ").slice(0, 17));
      expect(reads).toEqual(["SELECT status, ev", "SELECT id, projec"]);
    }
    const read = await timeline(one, key, call.id);
    expect(read.loadedSkills).toEqual(["two-b", "two-c"]);
    expect(read.events.map((e) => [e.type, e.data.skill ?? null])).toEqual([
      ["call.started", null],
      ["skill.loaded", "two-a"],
      ["skill.loaded", "two-b"],
      ["skill.unloaded", "two-a"],
      ["skill.loaded", "two-c"],
    ]);
    expect(await seqs(call.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("RT-3 a skill the other instance evicted is loaded again, not answered ALREADY_LOADED from a stale copy", async () => {
    const call = await startCall(one, key, { agentId });
    await loadSkill(one, key, call.id, "two-a"); // one's copy: [two-a]
    await loadSkill(two, key, call.id, "two-b");
    await loadSkill(two, key, call.id, "two-c"); // the row: [two-b, two-c]
    const again = await loadSkill(one, key, call.id, "two-a");
    expect(again).toMatchObject({ status: "LOADED", skill: "two-a", unloaded: "two-b" });
    expect((await timeline(one, key, call.id)).loadedSkills).toEqual(["two-c", "two-a"]);
    // and one that is loaded is answered as such from the row
    expect((await loadSkill(two, key, call.id, "two-c")).status).toBe("ALREADY_LOADED");
  });

  it("RT-10 a call ended on the other instance takes no load from a copy that still holds it active", async () => {
    const call = await startCall(one, key, { agentId });
    await loadSkill(one, key, call.id, "two-a");
    await two.ok(END_CALL, { callId: call.id }, key);
    const res = await one.gql(LOAD_SKILL, { callId: call.id, name: "two-b" }, key);
    expect(res.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    const read = await timeline(one, key, call.id);
    expect(read.events.map((e) => e.type)).toEqual(["call.started", "skill.loaded", "call.ended"]);
  });
});
