import { expect, it } from "vitest";

import { loadConfig } from "../../src/config";
import { describeOnDialect, openTestDatabase } from "../support/test-app";

/**
 * Who-uses at 10× the registry: at PostgreSQL's default random_page_cost (4) the planner joined
 * agent_versions by a full scan and who-uses grew with the registry (56.8 → 14.6 ms by key on the bench's 10×
 * database, docs/benchmarks.md). The plan itself cannot be pinned by a small test table (it picks the index at any
 * setting), so this pins its cause: every pooled connection plans with 1.1, unless PGOPTIONS says otherwise.
 */
describeOnDialect("postgres")("PostgreSQL planner settings", () => {
  /** The setting each pooled connection plans with, when the environment is `env` (read through config). */
  const settingOnConnections = async (env: Record<string, string>) => {
    const { postgresOptions } = loadConfig(env);
    const { db, drop } = await openTestDatabase("postgres", { postgresOptions });
    try {
      // Several at once, so several pooled connections answer.
      const rows = await Promise.all(
        Array.from({ length: 4 }, () =>
          db.dataSource.transaction(
            (m) =>
              m.query("SELECT current_setting('random_page_cost') AS cost, pg_sleep(0.05)") as Promise<
                Array<{ cost: string }>
              >,
          ),
        ),
      );
      return [...new Set(rows.map((r) => r[0]!.cost))];
    } finally {
      await db.close();
      await drop();
    }
  };

  it("every connection plans with random_page_cost = 1.1 (who-uses joins agent_versions by key at 10×)", async () => {
    expect(await settingOnConnections({})).toEqual(["1.1"]);
  });

  it("PGOPTIONS, when set, is the operator's choice and wins", async () => {
    expect(await settingOnConnections({ PGOPTIONS: "-c random_page_cost=2.5" })).toEqual(["2.5"]);
  });
});
