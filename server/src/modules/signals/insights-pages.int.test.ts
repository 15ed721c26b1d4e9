import { beforeAll, expect, it } from "vitest";
import { describeEachDialect, type GqlResponse } from "../../../test/support/test-app";
import { seededRandom } from "../../platform/seeded-random";
import { INSIGHT_PAGE } from "./insight.service";
import { DAY_MS, HOUR_MS } from "./signal-delta";

const INSIGHTS = `query($from: DateTime!, $to: DateTime!, $bucket: String, $skill: String, $agentId: ID, $first: Int,
  $after: String) {
  skillInsights(from: $from, to: $to, bucket: $bucket, skill: $skill, agentId: $agentId, first: $first, after: $after) {
    skill agentId loadRate toolErrorRate successRate
    series { at starts loads evictions toolRuns toolErrors outcomes successes } } }`;

interface Insight {
  skill: string;
  series: Array<{ at: string; starts: number }>;
}

interface Signal {
  skill: string;
  agentKey: string;
  hour: number;
  starts: number;
  loads: number;
}

const field = (res: GqlResponse) => (res.errors?.[0]?.extensions?.details as { field?: string } | undefined)?.field;

/**
 * CT-3, OB-3: `skillInsights` without `skill` answers a page of skills by name (`first` after `after`). Signals are
 * written as the fold leaves them (hours, days that add up those hours, deltas not folded yet), for more skills than
 * a page — some with signals outside the ranges read only — in two projects whose names interleave.
 */
describeEachDialect("insights pages", (t, dialect) => {
  let key: string;
  let otherKey: string;
  /** Each project's signals, by its admin key. */
  const signals = new Map<string, Signal[]>();
  // four whole days, starting at a UTC midnight a week ago
  const start = Math.floor((Date.now() - 7 * DAY_MS) / DAY_MS) * DAY_MS;
  const many = Array.from({ length: 130 }, (_, i) => `skill-${String(i * 2).padStart(4, "0")}`);
  const few = Array.from({ length: 10 }, (_, i) => `skill-${String(i * 2 + 1).padStart(4, "0")}`);

  const write = async (projectId: string, token: string, names: string[], seed: number) => {
    const random = seededRandom(seed);
    const hours: Signal[] = [];
    const deltas: Signal[] = [];
    for (const skill of names) {
      // a tenth of the skills have signals on the first day only: ranges after it leave them out
      const span = random() < 0.1 ? 24 : 4 * 24;
      for (const agentKey of ["", "agent-1"]) {
        for (let h = 0; h < span; h++)
          if (random() < 0.04) hours.push({ skill, agentKey, hour: start + h * HOUR_MS, starts: 1 + h, loads: 1 });
        if (random() < 0.3)
          deltas.push({ skill, agentKey, hour: start + Math.floor(random() * span) * HOUR_MS, starts: 2, loads: 0 });
      }
    }
    const days = new Map<string, Signal>();
    for (const s of hours) {
      const day = Math.floor(s.hour / DAY_MS) * DAY_MS;
      const k = `${s.skill}\u0000${s.agentKey}\u0000${day}`;
      const seen = days.get(k);
      days.set(k, { ...s, hour: day, starts: (seen?.starts ?? 0) + s.starts, loads: (seen?.loads ?? 0) + s.loads });
    }
    const insert = async (table: string, column: string, rows: Signal[]) => {
      for (let i = 0; i < rows.length; i += 100) {
        const chunk = rows.slice(i, i + 100);
        let k = 0;
        const p = () => (dialect === "postgres" ? `$${++k}` : "?");
        const values = chunk.map(() => `(${p()}, ${p()}, ${p()}, ${p()}, ${p()}, ${p()})`).join(", ");
        await t.app.db.write((tx) =>
          tx.manager.query(
            `INSERT INTO ${table} (project_id, skill, agent_key, ${column}, starts, loads) VALUES ${values}`,
            chunk.flatMap((s) => [projectId, s.skill, s.agentKey, s.hour, s.starts, s.loads]),
          ),
        );
      }
    };
    await insert("skill_signal_hours", "hour", hours);
    await insert("skill_signal_days", "day", [...days.values()]);
    await insert("skill_signal_deltas", "hour", deltas);
    signals.set(token, [...hours, ...deltas]);
  };

  beforeAll(async () => {
    const project = await t.project("insights pages");
    key = project.adminKey;
    await write(project.id, key, many, 41);
    const other = await t.project("insights pages, another tenant");
    otherKey = other.adminKey;
    await write(other.id, otherKey, few, 42);
  });

  // parts of days (hours, whole days and hours again), a whole range, the first day only and after it
  const ranges: Array<[number, number]> = [
    [start + 5 * HOUR_MS + 1234, start + 3 * DAY_MS - 7 * HOUR_MS],
    [start, start + 4 * DAY_MS],
    [start, start + DAY_MS],
    [start + DAY_MS, start + 4 * DAY_MS],
  ];
  const vars = ([from, to]: [number, number], bucket: string, more: Record<string, unknown> = {}) => ({
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    bucket,
    ...more,
  });
  const read = async (token: string, variables: Record<string, unknown>) =>
    (await t.ok<{ skillInsights: Insight[] }>(INSIGHTS, variables, token)).skillInsights;
  /** Every page of `first`, each page's `after` the last name of the one before, until a page comes back short. */
  const walk = async (token: string, variables: Record<string, unknown>, first: number) => {
    const pages: Insight[][] = [];
    let after: string | null = null;
    for (;;) {
      const page = await read(token, { ...variables, first, after });
      pages.push(page);
      if (page.length < first) return pages;
      after = page[page.length - 1]!.skill;
    }
  };
  const withSignals = (token: string, [from, to]: [number, number], agentKey?: string) => {
    const rows = (signals.get(token) ?? []).filter((s) => agentKey === undefined || s.agentKey === agentKey);
    return [
      ...new Set(rows.filter((s) => s.hour >= from - (from % HOUR_MS) && s.hour < to).map((s) => s.skill)),
    ].sort();
  };

  it("CT-3 walking every page by `after` gives each skill with signals in range exactly once, in order, with the series of the one-page answer", async () => {
    for (const range of ranges) {
      for (const bucket of ["hour", "day"]) {
        const label = `${bucket} ${new Date(range[0]).toISOString()} – ${new Date(range[1]).toISOString()}`;
        const whole = await read(key, vars(range, bucket, { first: INSIGHT_PAGE.max }));
        const names = withSignals(key, range);
        expect(names.length, label).toBeGreaterThan(7);
        expect(
          whole.map((i) => i.skill),
          label,
        ).toEqual(names);
        const pages = await walk(key, vars(range, bucket), 7);
        expect(pages.length, label).toBe(Math.floor(names.length / 7) + 1);
        expect(
          pages.slice(0, -1).every((page) => page.length === 7),
          label,
        ).toBe(true);
        expect(pages.flat(), label).toEqual(whole);
      }
    }
  });

  it("CT-3 OB-3 pages for one agent hold the skills with that agent's signals only, each once, in order", async () => {
    for (const [range, bucket] of [
      [ranges[0]!, "day"],
      [ranges[3]!, "day"],
      [ranges[1]!, "hour"],
    ] as const) {
      const variables = vars(range, bucket, { agentId: "agent-1" });
      const whole = await read(key, { ...variables, first: INSIGHT_PAGE.max });
      expect(whole.map((i) => i.skill)).toEqual(withSignals(key, range, "agent-1"));
      expect(withSignals(key, range, "agent-1").length).toBeLessThan(withSignals(key, range).length);
      expect((await walk(key, variables, 6)).flat()).toEqual(whole);
    }
  });

  it("CT-3 without `first` the answer is the first page of the default size, the next one after its last name", async () => {
    const range = ranges[1]!;
    const names = withSignals(key, range);
    expect(names.length).toBeGreaterThan(INSIGHT_PAGE.default * 2);
    const page1 = await read(key, vars(range, "hour"));
    expect(page1.map((i) => i.skill)).toEqual(names.slice(0, INSIGHT_PAGE.default));
    const page2 = await read(key, vars(range, "hour", { after: page1[page1.length - 1]!.skill }));
    expect(page2.map((i) => i.skill)).toEqual(names.slice(INSIGHT_PAGE.default, 2 * INSIGHT_PAGE.default));
    // `after` need not be a skill: the page starts after the name, wherever it falls
    const between = await read(key, vars(range, "hour", { after: "skill-0011", first: 3 }));
    expect(between.map((i) => i.skill)).toEqual(names.filter((n) => n > "skill-0011").slice(0, 3));
    expect(await read(key, vars(range, "hour", { after: "zzz" }))).toEqual([]);
  });

  it("OB-3 a request naming a skill is not paged: `first` and `after` leave its answer as it was", async () => {
    const range = ranges[0]!;
    const skill = withSignals(key, range)[40]!;
    const alone = await read(key, vars(range, "day", { skill }));
    expect(alone.map((i) => i.skill)).toEqual([skill]);
    expect(await read(key, vars(range, "day", { skill, first: 1, after: "zzz" }))).toEqual(alone);
    const whole = await read(key, vars(range, "day", { first: INSIGHT_PAGE.max }));
    expect(whole.find((i) => i.skill === skill)).toEqual(alone[0]);
  });

  it("CT-3 a `first` outside 1–the maximum is refused with BAD_USER_INPUT naming it", async () => {
    for (const first of [0, -1, INSIGHT_PAGE.max + 1]) {
      const res = await t.gql(INSIGHTS, vars(ranges[1]!, "hour", { first }), key);
      expect(res.errors?.[0]?.extensions?.code, String(first)).toBe("BAD_USER_INPUT");
      expect(field(res), String(first)).toBe("first");
    }
    expect(await read(key, vars(ranges[1]!, "hour", { first: INSIGHT_PAGE.max }))).toHaveLength(
      withSignals(key, ranges[1]!).length,
    );
  });

  it("CT-3 pages keep to the caller's project: another tenant's skills, named in between, never show, whatever `after`", async () => {
    for (const range of ranges) {
      const mine = (await walk(otherKey, vars(range, "day"), 3)).flat();
      expect(mine.map((i) => i.skill)).toEqual(withSignals(otherKey, range));
      // the small project in one page: the same answer
      expect(await read(otherKey, vars(range, "day"))).toEqual(mine);
      // an `after` that is the other project's name starts the page after it, in this project's skills only
      const page = await read(otherKey, vars(range, "day", { after: many[3], first: 2 }));
      expect(page.map((i) => i.skill)).toEqual(
        withSignals(otherKey, range)
          .filter((n) => n > many[3]!)
          .slice(0, 2),
      );
    }
  });
});
