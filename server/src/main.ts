import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { createApp, type App, type AppSecrets } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { SecretKeyError, parseSecretKey, sha256Hex } from "./platform/crypto";
import {
  loadOrCreatePlatformTokenHash,
  loadOrCreateSecretKey,
  loadOrCreateSigningKey,
} from "./platform/embedded-secrets";
import { parseSigningKey, SigningKeyError } from "./platform/signing-key";
import { consoleBuilt } from "./platform/http/server";
import { generatePlatformToken } from "./modules/auth";
import { seedDemoProject } from "./modules/demo";
import { GatewayConfigError } from "./modules/gateway";

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = "=".repeat(width + 4);
  console.log(`\n${rule}\n${lines.map((l) => `| ${l.padEnd(width)} |`).join("\n")}\n${rule}\n`);
}

/** Secrets from config; the embedded default (no DATABASE_URL) generates what is missing into the data dir. */
function resolveSecrets(config: Config): { secrets: AppSecrets; generatedToken?: string } {
  const embedded = !config.databaseUrl;
  if (!embedded && (!config.secretKey || !config.platformToken)) {
    throw new ConfigError("With DATABASE_URL set, SECRET_KEY and PLATFORM_TOKEN must be set too (see the README).");
  }
  const secretKey = config.secretKey ?? loadOrCreateSecretKey(config.dataDir);
  parseSecretKey(secretKey);
  if (!embedded && !config.signingKey) {
    throw new ConfigError(
      "With DATABASE_URL set, SIGNING_KEY must be set too: every instance signs publishes with the same Ed25519 key (see docs/provenance.md).",
    );
  }
  const signingKey = config.signingKey ?? loadOrCreateSigningKey(config.dataDir);
  parseSigningKey(signingKey);
  if (config.platformToken) {
    return { secrets: { secretKey, signingKey, platformTokenHash: sha256Hex(config.platformToken) } };
  }
  const kept = loadOrCreatePlatformTokenHash(config.dataDir, generatePlatformToken);
  return { secrets: { secretKey, signingKey, platformTokenHash: kept.hash }, generatedToken: kept.generated };
}

function findExamples(start: string): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "examples", "skills");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const { secrets, generatedToken } = resolveSecrets(config);
  const app = await createApp(config, secrets, { startWorkers: true });
  if (generatedToken) {
    banner([
      "Platform credential (shown once; only its hash is kept in the data directory):",
      generatedToken,
      "Use it as 'Authorization: Bearer <credential>' to create projects.",
    ]);
  }
  const examples = config.seedDemo ? findExamples(__dirname) : null;
  if (examples) {
    const demo = await seedDemoProject(app.services, examples);
    if (demo) {
      banner([
        `Demo project ${demo.projectId} with ${demo.skills.length} published skills: ${demo.skills.map((s) => s.name).join(", ")}`,
        `and ${demo.agents.length} published agents: ${demo.agents.map((a) => a.name).join(", ")}`,
        "Its admin API key (shown once):",
        demo.apiKey,
      ]);
    }
  }
  const port = await app.http.listen(config.port, config.host);
  app.logger.info(
    { port, database: app.db.dialect, dataDir: config.databaseUrl ? undefined : config.dataDir },
    "Skillgraph is listening",
  );
  console.log(`Skillgraph: GraphQL on http://localhost:${port}/graphql, health on /healthz and /readyz`);
  console.log(
    consoleBuilt(config.webDist)
      ? `Console on http://localhost:${port}/`
      : `No console: ${config.webDist} has no index.html (\`npm start\` builds it, or \`npm run build --workspace web\`)`,
  );

  installShutdown(app, config.shutdownTimeoutMs);
}

/**
 * SEC-18: the one shutdown path. The first SIGTERM/SIGINT stops accepting, drains in-flight requests, stops the
 * webhook worker, closes the bus and the database, and exits 0; if that takes longer than `timeoutMs` (a stuck
 * connection, a hung close), or a second signal arrives, the process exits 1 anyway.
 */
function installShutdown(app: App, timeoutMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.logger.warn({ signal }, "second signal during shutdown: exiting now");
      process.exit(1);
    }
    stopping = true;
    app.logger.info({ signal, timeoutMs }, "shutting down: finishing in-flight requests");
    const forced = setTimeout(() => {
      app.logger.error({ signal, timeoutMs }, "shutdown did not finish in time: exiting anyway");
      process.exit(1);
    }, timeoutMs);
    forced.unref();
    app.close().then(
      () => {
        app.logger.info({ signal }, "shut down: requests drained, webhook worker stopped, bus and database closed");
        process.exit(0);
      },
      (error: unknown) => {
        app.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof SecretKeyError ||
    error instanceof SigningKeyError ||
    error instanceof GatewayConfigError
  ) {
    console.error(`Skillgraph cannot start: ${error.message}`);
  } else {
    console.error("Skillgraph cannot start:", error);
  }
  process.exit(1);
});
