/**
 * Writes a migration per dialect with the SQL that brings a database migrated so far up to the entities:
 *   npm run migration:generate --workspace server -- AddAgents
 * It needs PostgreSQL for the postgres one (TEST_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 */
import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { Database } from "../src/platform/db/database";
import { entities } from "../src/entities";
import { withScratchPostgres } from "../src/platform/db/scratch-postgres";

async function pendingSql(db: Database): Promise<{ up: string[]; down: string[] }> {
  await db.migrate();
  const log = await db.dataSource.driver.createSchemaBuilder().log();
  return {
    up: log.upQueries.map((q) => q.query),
    down: log.downQueries.map((q) => q.query).reverse(),
  };
}

function render(className: string, sql: { up: string[]; down: string[] }): string {
  const lines = (queries: string[]) =>
    queries.map((q) => `    await queryRunner.query(${JSON.stringify(q)});`).join("\n");
  return `import type { MigrationInterface, QueryRunner } from "typeorm";

export class ${className} implements MigrationInterface {
  name = "${className}";

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(sql.up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines(sql.down)}
  }
}
`;
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    console.error("Usage: generate-migration <PascalCaseName>");
    process.exit(2);
  }
  const stamp = Date.now();
  const className = `${name}${stamp}`;
  const dir = path.resolve(__dirname, "..", "..", "src", "platform", "db", "migrations");
  const sqlite = await Database.open({ url: undefined, sqlitePath: ":memory:", entities });
  const sqliteSql = await pendingSql(sqlite);
  await sqlite.close();
  const pgSql = await withScratchPostgres(
    process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    async (url) => {
      const pg = await Database.open({ url, entities });
      try {
        return await pendingSql(pg);
      } finally {
        await pg.close();
      }
    },
  );
  for (const [dialect, sql] of [
    ["sqlite", sqliteSql],
    ["postgres", pgSql],
  ] as const) {
    if (sql.up.length === 0) {
      console.log(`${dialect}: the entities match the migrations; nothing to write.`);
      continue;
    }
    const file = path.join(
      dir,
      dialect,
      `${stamp}-${name.replace(/[A-Z]/g, (c, i) => (i ? "-" : "") + c.toLowerCase())}.ts`,
    );
    fs.writeFileSync(file, render(className, sql));
    console.log(
      `${dialect}: wrote ${path.relative(process.cwd(), file)} (${sql.up.length} statements); add ${className} to migrations/index.ts.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
