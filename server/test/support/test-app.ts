import "reflect-metadata";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { createApp, type App } from "../../src/app";
import { loadConfig, type Config } from "../../src/config";
import { entities } from "../../src/entities";
import { sha256Hex } from "../../src/platform/crypto";
import { Database, type Dialect } from "../../src/platform/db/database";
import { DEFAULT_POSTGRES_OPTIONS } from "../../src/platform/db/data-sources";
import { createScratchPostgres } from "../../src/platform/db/scratch-postgres";
import { createLogger, type Logger } from "../../src/platform/logger";
import { generatePlatformToken } from "../../src/modules/auth/credentials";
import { migratedTemplate } from "./postgres-template";
import { needs } from "./required";

/** The dialects TEST_DIALECTS asks for (both when unset), whether or not their database is there. */
function wantedDialects(env: NodeJS.ProcessEnv): Dialect[] {
  const known: Dialect[] = ["sqlite", "postgres"];
  const asked = env.TEST_DIALECTS?.split(",")
    .map((d) => d.trim())
    .filter(Boolean);
  const unknown = asked?.filter((d) => !known.includes(d as Dialect)) ?? [];
  if (unknown.length) throw new Error(`TEST_DIALECTS names ${unknown.join(", ")}; known: ${known.join(", ")}`);
  return asked?.length ? known.filter((d) => asked.includes(d)) : known;
}

/**
 * The databases integration tests run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it, and
 * CI_REQUIRE_ALL=1 requires it). TEST_DIALECTS (`sqlite`, `postgres`, or both comma-separated) selects a part, so
 * the SQLite and PostgreSQL halves of the suite can run as two concurrent processes; a block of a dialect not
 * selected is not registered at all (neither run nor counted as skipped).
 */
export function selectDialects(env: NodeJS.ProcessEnv = process.env): Dialect[] {
  return wantedDialects(env).filter(
    (d) => d === "sqlite" || needs(!!env.TEST_DATABASE_URL, "PostgreSQL (TEST_DATABASE_URL)", env),
  );
}

export const dialects: Dialect[] = selectDialects();

export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: Array<{
    message: string;
    extensions?: { code?: string; details?: Record<string, unknown>; requestId?: string };
  }>;
}

export interface TestApp {
  app: App;
  url: string;
  platformToken: string;
  dialect: Dialect;
  /** POSTs one GraphQL operation over real HTTP. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<GqlResponse<T>>;
  /** Like gql, but fails the test on errors and returns data. */
  ok<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<T>;
  /** A fresh project with its admin key. */
  project(name?: string): Promise<{ id: string; adminKey: string }>;
  close(): Promise<void>;
}

export async function openTestDatabase(
  dialect: Dialect,
  options: { postgresOptions?: string } = {},
): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (dialect === "sqlite") {
    const db = await Database.open({ url: undefined, sqlitePath: ":memory:", entities });
    return { db, drop: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const scratch = await createScratchPostgres(baseUrl, { template: await migratedTemplate(baseUrl) });
  const db = await Database.open({
    url: scratch.url,
    entities,
    poolSize: 20,
    // a test database is thrown away: commits need not wait for the disk
    postgresOptions: options.postgresOptions ?? `${DEFAULT_POSTGRES_OPTIONS} -c synchronous_commit=off`,
  });
  return { db, drop: scratch.drop };
}

export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  options: { logger?: Logger } = {},
): Promise<TestApp> {
  const { db, drop } = await openTestDatabase(dialect);
  return startTestApp(db, { overrides, drop, logger: options.logger });
}

/** The secret key and platform token of an app; apps sharing one database share these. */
export interface TestCredentials {
  secretKey: string;
  /** PV-1: the Ed25519 seed (base64) the app signs publishes with. */
  signingKey: string;
  platformToken: string;
}

export const testCredentials = (): TestCredentials => ({
  secretKey: randomBytes(32).toString("base64"),
  signingKey: randomBytes(32).toString("base64"),
  platformToken: generatePlatformToken(),
});

export interface StartTestAppOptions {
  overrides?: Partial<Config>;
  /** Fresh ones unless told. */
  credentials?: TestCredentials;
  /** Silent (or TEST_LOG_LEVEL) unless told. */
  logger?: Logger;
  startWorkers?: boolean;
  webhookPollIntervalMs?: number;
  /** Run after the app closed (dropping its database). */
  drop?: () => Promise<void>;
}

/** An app on `db`, listening on a loopback port, with a GraphQL client over real HTTP. */
export async function startTestApp(db: Database, options: StartTestAppOptions = {}): Promise<TestApp> {
  const { secretKey, signingKey, platformToken } = options.credentials ?? testCredentials();
  const config = loadConfig(
    {
      PORT: "0",
      DATA_DIR: path.join(os.tmpdir(), `sg-test-${randomBytes(6).toString("hex")}`),
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
    },
    { host: "127.0.0.1", webDist: "", ...options.overrides },
  );
  const app = await createApp(
    config,
    { secretKey, signingKey, platformTokenHash: sha256Hex(platformToken) },
    {
      db,
      logger: options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? "silent"),
      startWorkers: options.startWorkers,
      webhookPollIntervalMs: options.webhookPollIntervalMs,
    },
  );
  const port = await app.http.listen(0, "127.0.0.1");
  const url = `http://127.0.0.1:${port}`;

  const gql: TestApp["gql"] = async (query, variables = {}, token = null) => {
    const res = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: GqlResponse["errors"] };
    return { status: res.status, data: (body.data ?? null) as never, errors: body.errors };
  };
  const ok: TestApp["ok"] = async (query, variables, token) => {
    const res = await gql(query, variables, token);
    if (res.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors, null, 2)}`);
    return res.data as never;
  };
  return {
    app,
    url,
    platformToken,
    dialect: db.dialect,
    gql,
    ok,
    project: async (name = "Test project") => {
      const data = await ok<{ createProject: { project: { id: string }; apiKey: string } }>(
        `mutation($name: String!) { createProject(name: $name) { project { id } apiKey } }`,
        { name },
        platformToken,
      );
      return { id: data.createProject.project.id, adminKey: data.createProject.apiKey };
    },
    close: async () => {
      await app.close();
      await options.drop?.();
    },
  };
}

export type DialectSuite = (t: TestApp, dialect: Dialect) => void;

/** How a block's app starts: its configuration, and a logger of the block's own. */
export interface DialectApp {
  config?: Partial<Config>;
  logger?: Logger;
}

/** A fixed configuration, or a setup run first in the block (it may start what the configuration names). */
export type DialectSetup = Partial<Config> | ((dialect: Dialect) => DialectApp | Promise<DialectApp>);

/**
 * The one way integration tests run per database: one describe block per selected dialect, titled `${title} on sqlite`
 * (and `… on postgres`), each with its own app started before the block's own beforeAll hooks and closed after its
 * afterAll hooks. `t` stands for that app in hooks and tests. `setup` is the app's configuration, or a function run
 * first that returns it (and may start what it names, such as a scripted model).
 */
export function describeEachDialect(title: string, body: DialectSuite): void;
export function describeEachDialect(title: string, setup: DialectSetup, body: DialectSuite): void;
export function describeEachDialect(title: string, ...args: [DialectSuite] | [DialectSetup, DialectSuite]): void {
  const [setup, body] = args.length === 1 ? [{}, args[0]] : args;
  describeEachDialect.withOwnApps(title, (dialect) => {
    let started: TestApp | undefined;
    const app = (): TestApp => {
      if (!started) throw new Error(`the ${dialect} test app is used outside the hooks and tests of its block`);
      return started;
    };
    const t: TestApp = {
      get app() {
        return app().app;
      },
      get url() {
        return app().url;
      },
      get platformToken() {
        return app().platformToken;
      },
      dialect,
      gql: <T>(query: string, variables?: Record<string, unknown>, token?: string | null) =>
        app().gql<T>(query, variables, token),
      ok: <T>(query: string, variables?: Record<string, unknown>, token?: string | null) =>
        app().ok<T>(query, variables, token),
      project: (name?: string) => app().project(name),
      close: () => app().close(),
    };
    beforeAll(async () => {
      const { config, logger }: DialectApp = typeof setup === "function" ? await setup(dialect) : { config: setup };
      started = await createTestApp(dialect, config, { logger });
    });
    afterAll(async () => started?.close());
    body(t, dialect);
  });
}

/**
 * The same blocks for tests that start their own apps (several instances on one database, restarts, a database of
 * their own): `body` gets the dialect only.
 */
describeEachDialect.withOwnApps = (title: string, body: (dialect: Dialect) => void): void => {
  describe.each(dialects)(`${title} on %s`, body);
};

/**
 * A block about one database alone (its bus, its planner, its file on disk): registered only in a run that selects
 * that dialect, so each half of a split run holds it once.
 */
export function describeOnDialect(dialect: Dialect): (title: string, body: () => void) => void {
  return (title, body) => {
    if (dialects.includes(dialect)) describe(title, body);
    // asked for but its database is missing (a laptop without PostgreSQL): shown as skipped, not left out unseen
    else if (wantedDialects(process.env).includes(dialect)) describe.skip(title, body);
  };
}
