import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { afterEach, expect, it } from "vitest";
import { entities } from "../../entities";
import { publishAgent, publishSkill, START_CALL } from "../../../test/support/calls";
import { createApp } from "../../app";
import { loadConfig } from "../../config";
import { sha256Hex } from "../crypto";
import { createLogger } from "../logger";
import { describeOnDialect, startTestApp, testCredentials } from "../../../test/support/test-app";
import { until } from "../../../test/support/wait";
import { Database } from "./database";
import type { SqliteDirect } from "./direct-statements";
import type { CheckpointReport } from "./sqlite-checkpointer";

const sqliteDirect = (db: Database): SqliteDirect => {
  if (db.direct.dialect !== "sqlite") throw new Error("an SQLite database was expected");
  return db.direct;
};

// The checkpoint worker exists on a SQLite file only (in memory there is no WAL; PostgreSQL checkpoints itself).
describeOnDialect("sqlite")("SQLite checkpoints off the event loop", () => {
  const dirs: string[] = [];
  const file = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-checkpoint-"));
    dirs.push(dir);
    return path.join(dir, "db.sqlite");
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const autocheckpoint = async (db: Database) =>
    ((await db.dataSource.query("PRAGMA wal_autocheckpoint")) as Array<{ wal_autocheckpoint: number }>)[0]!
      .wal_autocheckpoint;

  it("RT-10 the worker keeps the WAL bounded under writes that never pause, and a reopened database has every committed row", async () => {
    const sqlite = file();
    const maxWalPages = 100;
    const db = await Database.open({
      url: undefined,
      sqlitePath: sqlite,
      entities,
      checkpoints: { maxWalPages, busyMs: 2, idleMs: 10 },
    });
    await db.dataSource.query("CREATE TABLE rows_written (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    expect(await autocheckpoint(db)).toBe(0); // no commit checkpoints on the event loop
    const reports: CheckpointReport[] = [];
    db.checkpointer!.onCheckpoint((report) => reports.push(report));
    const body = "x".repeat(1700);
    let written = 0;
    // back-to-back commits (a group commit each), so the WAL is never idle for a PASSIVE checkpoint to restart it
    while (reports.filter((r) => r.restarted).length < 3 || written < 24_000) {
      await Promise.all(
        Array.from({ length: 4 }, () =>
          sqliteDirect(db).commit([["INSERT INTO rows_written (body) VALUES (?)", [`${written++}${body}`]]]),
        ),
      );
      if (written > 200_000) throw new Error("the WAL was never restarted");
    }
    // Frames in the WAL when each RESTART ran, from the first one on (before, the worker was starting while the writes
    // began): unbounded, every commit's frames (over 12,000 here); bounded, what lands between two of the worker's
    // turns (its PASSIVE checkpoint, then the RESTART once the writes queued before it finished) — a few hundred at
    // this rate, up to ~2,000 on a loaded machine. (The file keeps the largest extent it reached, the
    // start's burst included.)
    const restarts = reports.filter((r) => r.restarted);
    expect(restarts.length).toBeGreaterThan(5);
    expect(Math.max(...restarts.slice(1).map((r) => r.log))).toBeLessThan(written / 4);
    await db.close();
    expect(db.checkpointer!.running).toBe(false);
    const reopened = await Database.open({ url: undefined, sqlitePath: sqlite, entities });
    try {
      const [{ n }] = (await reopened.dataSource.query("SELECT COUNT(*) AS n FROM rows_written")) as [{ n: number }];
      expect(n).toBe(written);
    } finally {
      await reopened.close();
    }
  });

  it("RT-10 calls started through the app are all there after it closed and the file was reopened; closing the app stops the worker", async () => {
    const sqlite = file();
    const db = await Database.open({
      url: undefined,
      sqlitePath: sqlite,
      entities,
      checkpoints: { maxWalPages: 100, busyMs: 2, idleMs: 5 },
    });
    const t = await startTestApp(db);
    const { adminKey } = await t.project("checkpoints");
    await publishSkill(t, adminKey, "explain_bill", { body: "Bill instructions." });
    const agentId = await publishAgent(t, adminKey, { name: "bot", skills: [{ name: "explain_bill" }] });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const started = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.ok<{ startCall: { id: string } }>(START_CALL, { input: { agentId } }, adminKey),
        ),
      );
      ids.push(...started.map((s) => s.startCall.id));
    }
    await t.close();
    await db.close();
    expect(db.checkpointer!.running).toBe(false);
    const reopened = await Database.open({ url: undefined, sqlitePath: sqlite, entities });
    try {
      const rows = (await reopened.dataSource.query("SELECT id FROM calls")) as Array<{ id: string }>;
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      const skills = (await reopened.dataSource.query("SELECT COUNT(*) AS n FROM call_skills")) as [{ n: number }];
      expect(skills[0].n).toBe(ids.length);
    } finally {
      await reopened.close();
    }
  });

  it("RT-10 closing the app stops the worker of the database it opened", async () => {
    const dir = path.dirname(file());
    const { secretKey, signingKey, platformToken } = testCredentials();
    const config = loadConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent", SEED_DEMO: "false" }, { webDist: "" });
    const app = await createApp(
      config,
      { secretKey, signingKey, platformTokenHash: sha256Hex(platformToken) },
      { logger: createLogger("silent") },
    );
    const checkpointer = app.db.checkpointer!;
    expect(checkpointer.running).toBe(true);
    await app.close();
    expect(checkpointer.running).toBe(false);
  });

  it("RT-10 should the worker die, commits checkpoint the WAL themselves again", async () => {
    const db = await Database.open({ url: undefined, sqlitePath: file(), entities });
    const failures: Error[] = [];
    db.onCheckpointFailure((error) => failures.push(error));
    try {
      await (db.checkpointer as unknown as { worker: Worker }).worker.terminate();
      await until(() => failures.length > 0);
      expect(await autocheckpoint(db)).toBe(1000);
      expect(db.checkpointer!.running).toBe(false);
    } finally {
      await db.close();
    }
  });

  it("in memory there is no WAL and no worker", async () => {
    const db = await Database.open({ url: undefined, sqlitePath: ":memory:", entities });
    expect(db.checkpointer).toBeUndefined();
    await db.close();
  });
});
