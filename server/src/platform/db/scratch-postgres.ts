import { randomUUID } from "node:crypto";
import { Client } from "pg";

/** Runs fn against a brand-new PostgreSQL database created next to `baseUrl`'s, and drops it afterwards. */
export async function withScratchPostgres<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const { url, drop } = await createScratchPostgres(baseUrl);
  try {
    return await fn(url);
  } finally {
    await drop();
  }
}

/** A brand-new PostgreSQL database next to `baseUrl`'s: empty, or a copy of `template` (a database nobody is connected to). */
export async function createScratchPostgres(
  baseUrl: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sg_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
