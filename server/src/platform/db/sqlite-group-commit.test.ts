import Sqlite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { Mutex } from "./mutex";
import type { PreparedBatch, SqliteConnection } from "./driver";
import { SqliteGroupCommit } from "./sqlite-group-commit";

/** A real in-memory SQLite, counting the commits of outer transactions (BEGIN … COMMIT that reached the database). */
function rig() {
  const db = new Sqlite(":memory:");
  db.exec("CREATE TABLE calls (id TEXT PRIMARY KEY); CREATE TABLE call_skills (call_id TEXT, name TEXT UNIQUE)");
  let commits = 0;
  let savepoints = 0;
  const connection: SqliteConnection = {
    prepare: (sql) => db.prepare(sql),
    transaction: (fn) => {
      const wrapped = db.transaction(fn);
      return (arg) => {
        const outer = !db.inTransaction;
        if (!outer) savepoints += 1; // better-sqlite3 runs a transaction inside another in a savepoint
        const result = wrapped(arg);
        if (outer) commits += 1;
        return result;
      };
    },
  };
  const group = new SqliteGroupCommit(() => connection, new Mutex());
  const start = (id: string, skills: string[]): PreparedBatch => [
    [db.prepare("INSERT INTO calls (id) VALUES (?)"), [id]],
    ...skills.map((name) => [db.prepare("INSERT INTO call_skills (call_id, name) VALUES (?, ?)"), [id, name]] as const),
  ];
  const ids = (table: string) => (db.prepare(`SELECT * FROM ${table}`).all() as Array<Record<string, string>>).length;
  return { group, start, commits: () => commits, savepoints: () => savepoints, ids };
}

describe("SQLite group commit", () => {
  it("RT-1 writes submitted in one turn commit together, each caller answered after its own committed", async () => {
    const { group, start, commits, ids } = rig();
    await Promise.all([
      group.submit(start("a", ["a1", "a2"])),
      group.submit(start("b", ["b1"])),
      group.submit(start("c", [])),
    ]);
    expect(commits()).toBe(1);
    expect([ids("calls"), ids("call_skills")]).toEqual([3, 3]);
  });

  it("RT-1 a group's writes share one transaction without a savepoint each (whose journal spilled to a temp file)", async () => {
    const { group, start, commits, savepoints } = rig();
    await Promise.all([group.submit(start("a", ["a1"])), group.submit(start("b", ["b1"]))]);
    expect([commits(), savepoints()]).toEqual([1, 0]);
  });

  it("RT-1 a failing write fails only its caller and leaves none of its rows; the others of its group commit", async () => {
    const { group, start, ids } = rig();
    const outcomes = await Promise.allSettled([
      group.submit(start("a", ["same"])),
      group.submit(start("b", ["b1", "same"])), // its second row breaks the unique name: the whole batch goes
      group.submit(start("c", ["c1"])),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect([ids("calls"), ids("call_skills")]).toEqual([2, 2]);
  });

  it("RT-1 writes of later turns make groups of their own", async () => {
    const { group, start, commits } = rig();
    await group.submit(start("a", []));
    await group.submit(start("b", []));
    expect(commits()).toBe(2);
  });
});
