import { expect, it } from "vitest";
import { entities } from "../../src/entities";
import { Database } from "../../src/platform/db/database";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { captureLog } from "../support/log-capture";
import { startTcpProxy } from "../support/tcp-proxy";
import { describeOnDialect, startTestApp } from "../support/test-app";
import { sleep, until } from "../support/wait";

/**
 * SEC-20 for the background workers: a database outage is logged once when it starts and once when the database is
 * back, whoever meets it first — a request or a worker's pass — and the webhook and eval workers' passes in between
 * add no line of their own. The outage is real: the app reaches its scratch database through a TCP proxy of the
 * test's own, which drops every connection and refuses new ones (the shared PostgreSQL is never touched).
 */

const BASE_URL = process.env.TEST_DATABASE_URL;
const OUTAGE_MS = 3_000;
const POLL_MS = 100;

describeOnDialect("postgres")("SEC-20 the workers in a database outage (PostgreSQL)", () => {
  it("SEC-20 the webhook and eval workers' passes use the requests' outage log: one error line when the database goes away, one line when it is back", async () => {
    const scratch = await createScratchPostgres(BASE_URL!);
    const target = new URL(scratch.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const log = captureLog("info");
    const db = await Database.open({ url: proxy.url(scratch.url), entities, poolSize: 5 });
    const t = await startTestApp(db, {
      overrides: { evalPollIntervalMs: POLL_MS },
      logger: log.logger,
      startWorkers: true,
      webhookPollIntervalMs: POLL_MS,
    });
    try {
      const { adminKey } = await t.project("Outage");
      await sleep(3 * POLL_MS); // both workers have made passes
      expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);

      proxy.cut();
      // The workers meet the outage first (a pass every 100 ms each); a request during it answers 503, unlogged.
      await sleep(OUTAGE_MS / 2);
      const during = await t.gql(`{ skills { total } }`, {}, adminKey);
      expect(during.status).toBe(503);
      await sleep(OUTAGE_MS / 2);
      proxy.restore();
      await until(() => log.lines.some((l) => l.msg === "database reachable again"), 10_000);
      await sleep(3 * POLL_MS); // passes run again, quietly

      const errors = log.lines.filter((l) => l.level >= 50);
      expect(
        errors.map((l) => l.msg),
        JSON.stringify(errors.slice(0, 3)),
      ).toEqual([expect.stringContaining("database unavailable")]);
      expect(log.lines.filter((l) => l.msg === "database reachable again")).toHaveLength(1);
      expect(log.lines.filter((l) => /worker pass failed/.test(l.msg))).toEqual([]);
      expect((await t.gql(`{ skills { total } }`, {}, adminKey)).status).toBe(200);
    } finally {
      proxy.restore();
      await t.close();
      await proxy.close();
      await scratch.drop();
    }
  }, 60_000);
});
