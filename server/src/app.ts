import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import type { Config } from "./config";
import { entities } from "./entities";
import { SecretBox, parseSecretKey } from "./platform/crypto";
import { Database } from "./platform/db/database";
import { buildGraphQLSchema } from "./platform/graphql/schema";
import { createHttpServer, type HttpServer } from "./platform/http/server";
import { createLogger, type Logger } from "./platform/logger";
import { AuditRepository } from "./modules/audit/audit.repository";
import { AuditResolver } from "./modules/audit/audit.resolver";
import { AuditService } from "./modules/audit/audit.service";
import { ApiKeyResolver } from "./modules/auth/api-key.resolver";
import { ApiKeyService } from "./modules/auth/api-key.service";
import { AuthService } from "./modules/auth/auth.service";
import { KnowledgeResolver } from "./modules/knowledge/knowledge.resolver";
import { KnowledgeService } from "./modules/knowledge/knowledge.service";
import { NodeResolver } from "./modules/node/node.resolver";
import { ProjectResolver } from "./modules/projects/project.resolver";
import { ProjectService } from "./modules/projects/project.service";
import { SkillBundleService } from "./modules/skills/skill-bundle.service";
import { SkillDiffService } from "./modules/skills/skill-diff.service";
import { SkillRepository } from "./modules/skills/skill.repository";
import { SkillFileResolver, SkillResolver } from "./modules/skills/skill.resolver";
import { SkillService } from "./modules/skills/skill.service";

export interface AppSecrets {
  /** base64 of 32 bytes. */
  secretKey: string;
  /** SHA-256 (hex) of the platform credential. */
  platformTokenHash: string;
}

function wireServices(db: Database, config: Config, secrets: AppSecrets) {
  const auth = new AuthService(db, secrets.platformTokenHash);
  const audit = new AuditService(db, auth);
  const apiKeys = new ApiKeyService(db, auth, audit);
  const projects = new ProjectService(db, auth, audit, apiKeys);
  const knowledge = new KnowledgeService(db, auth, audit);
  const limits = { maxFiles: config.skillMaxFiles, maxTotalBytes: config.skillMaxBytes };
  const skills = new SkillService(
    db,
    auth,
    audit,
    knowledge,
    new SecretBox({ 1: parseSecretKey(secrets.secretKey) }, 1),
    limits,
  );
  const bundles = new SkillBundleService(auth, skills, limits);
  const diffs = new SkillDiffService(skills);
  projects.onPurge(async (tx, projectId) => {
    await new SkillRepository(tx.manager).deleteProjectLogs(projectId);
    await new AuditRepository(tx.manager).deleteProject(projectId);
  });
  return { auth, audit, apiKeys, projects, knowledge, skills, bundles, diffs };
}

export type Services = ReturnType<typeof wireServices>;

function resolverInstances(services: Services): object[] {
  return [
    new ProjectResolver(services.projects),
    new ApiKeyResolver(services.apiKeys),
    new AuditResolver(services.audit),
    new KnowledgeResolver(services.knowledge),
    new SkillResolver(services.skills, services.bundles, services.diffs, services.knowledge),
    new SkillFileResolver(services.skills),
    new NodeResolver([
      async (ctx, id) => {
        const version = await services.skills.get(ctx, id).catch(() => null);
        return version ? { typename: "SkillVersion", value: version } : null;
      },
      async (ctx, id) => {
        const project = await services.projects.get(ctx, id).catch(() => null);
        return project ? { typename: "Project", value: project } : null;
      },
    ]),
  ];
}

/** The schema alone (for `schema.graphql`): no database, no listening. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  const unused = new Proxy({}, { get: () => ({}) }) as Services;
  return buildGraphQLSchema(resolverInstances(unused));
}

export interface App {
  readonly config: Config;
  readonly db: Database;
  readonly logger: Logger;
  readonly services: Services;
  readonly http: HttpServer;
  close(): Promise<void>;
}

/** The composition root: services, resolvers and routes, handed to platform/. Tests call it too (no listen). */
export async function createApp(
  config: Config,
  secrets: AppSecrets,
  options: { db?: Database; logger?: Logger } = {},
): Promise<App> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db =
    options.db ??
    (await Database.open({ url: config.databaseUrl, sqlitePath: `${config.dataDir}/skillgraph.sqlite`, entities }));
  await db.migrate();
  const services = wireServices(db, config, secrets);
  const resolvers = resolverInstances(services);
  const schema = await buildGraphQLSchema(resolvers);
  const http = await createHttpServer({
    schema,
    logger,
    introspection: config.introspection,
    corsOrigins: config.corsOrigins,
    bodyLimitBytes: config.bodyLimitBytes,
    authFailuresPerMinute: config.authFailuresPerMinute,
    webDist: config.webDist,
    authenticate: (header) => services.auth.authenticate(header),
    ready: () => db.ping(),
  });
  return {
    config,
    db,
    logger,
    services,
    http,
    close: async () => {
      await http.stop();
      await db.close();
    },
  };
}
