import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";

import { entities } from "../../src/entities";
import { Database } from "../../src/platform/db/database";

/**
 * Migrating an empty PostgreSQL database takes ~0.7 s and the suite opens hundreds; copying a migrated template
 * (CREATE DATABASE … TEMPLATE) takes ~0.07 s. The template is named by a hash of the migrations' source, so a changed
 * or added migration builds a new one (and the stale ones are dropped); workers build it once, under an advisory lock.
 */
const MIGRATIONS = path.resolve(__dirname, "..", "..", "src", "platform", "db", "migrations", "postgres");
const TEMPLATE_PREFIX = "sg_tpl_";
const BUILD_LOCK = 7_406_113;

function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(MIGRATIONS).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

const urlOf = (baseUrl: string, database: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

let built: Promise<string> | undefined;

/** The name of a migrated template database next to `baseUrl`'s, built on first use. */
export function migratedTemplate(baseUrl: string): Promise<string> {
  built ??= buildTemplate(baseUrl).catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

async function buildTemplate(baseUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [BUILD_LOCK]);
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `${TEMPLATE_PREFIX}%`,
    ]);
    if (rows.some((r) => r.datname === name)) return name;
    for (const stale of rows) await admin.query(`DROP DATABASE IF EXISTS ${stale.datname} WITH (FORCE)`);
    const building = `${name}_build`;
    await admin.query(`CREATE DATABASE ${building}`);
    const db = await Database.open({ url: urlOf(baseUrl, building), entities, poolSize: 1 });
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [BUILD_LOCK]).catch(() => undefined);
    await admin.end();
  }
}
