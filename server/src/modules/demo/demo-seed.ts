import fs from "node:fs";
import path from "node:path";
import { Loaders } from "../../platform/graphql/context";
import type { AgentService } from "../agents";
import type { AuthContext, AuthService } from "../auth";
import type { ProjectService } from "../projects";
import type { SkillBundleService, SkillLifecycleService, SkillService, ToolInput } from "../skills";

export interface DemoSeedResult {
  projectId: string;
  apiKey: string;
  skills: Array<{ name: string; version: number; id: string }>;
  /** Published agents: one following every demo skill live, one pinning a skill to its version 1. */
  agents: Array<{ name: string; agentId: string }>;
}

const DESK_PROMPT = [
  "You are the support desk of Acme Utilities, answering customers on the phone.",
  "Verify the caller before sharing or changing anything on their account. Load the skill that fits the request",
  "and follow it; when none fits, say what you can help with. Keep answers short: this is a voice call.",
].join(" ");

/**
 * A demo project with the example skills published, so a newcomer has something to look at. Runs only on a
 * database with no projects at all. `dir` holds Agent Skills folders; `tools.json` beside it (optional) adds
 * webhook tools by skill name.
 */
export async function seedDemoProject(
  services: {
    auth: AuthService;
    projects: ProjectService;
    skills: SkillService;
    skillLifecycle: SkillLifecycleService;
    bundles: SkillBundleService;
    agents: AgentService;
  },
  examplesDir: string,
): Promise<DemoSeedResult | null> {
  const platform: AuthContext = { requestId: "demo-seed", principal: { kind: "platform" }, loaders: new Loaders() };
  if ((await services.projects.list(platform, true)).length > 0) return null;
  const { project, apiKey } = await services.projects.create(platform, "Demo");
  // The seed acts as the demo project's admin key, through the same checks as any client.
  const asAdmin: AuthContext = {
    ...platform,
    principal: (await services.auth.authenticate(`Bearer ${apiKey}`)).principal,
  };
  const scope = await services.auth.authorize(asAdmin, "editor");
  const toolsFile = path.join(examplesDir, "..", "demo-tools.json");
  const tools: Record<string, ToolInput[]> = fs.existsSync(toolsFile)
    ? JSON.parse(fs.readFileSync(toolsFile, "utf8"))
    : {};
  const seeded: DemoSeedResult["skills"] = [];
  const folders = fs.existsSync(examplesDir)
    ? fs
        .readdirSync(examplesDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  for (const folder of folders) {
    const draft = await services.bundles.importDirectory(scope, path.join(examplesDir, folder), tools[folder]);
    const live = await services.skillLifecycle.publish(asAdmin, draft.id);
    seeded.push({ name: live.name, version: live.version, id: live.id });
  }
  const agents = await seedAgents(services.agents, asAdmin, seeded);
  return { projectId: project.id, apiKey, skills: seeded, agents };
}

/**
 * Agents to try in the console and to list on the gateway's /v1/models: "support-desk" follows every demo skill
 * live; "billing-line" pins explain-bill to the version seeded now, so a new version's impact preview shows both.
 */
async function seedAgents(
  agents: AgentService,
  asAdmin: AuthContext,
  skills: DemoSeedResult["skills"],
): Promise<DemoSeedResult["agents"]> {
  if (skills.length === 0) return [];
  const bill = skills.find((s) => s.name === "explain-bill");
  const configs = [
    { name: "support-desk", prompt: DESK_PROMPT, maxLoadedSkills: 2, skills: skills.map((s) => ({ name: s.name })) },
    ...(bill
      ? [
          {
            name: "billing-line",
            prompt: `${DESK_PROMPT} This line only explains bills.`,
            maxLoadedSkills: 1,
            skills: [{ name: bill.name, versionId: bill.id }],
          },
        ]
      : []),
  ];
  const made: DemoSeedResult["agents"] = [];
  for (const config of configs) {
    const draft = await agents.save(asAdmin, config);
    const live = await agents.publish(asAdmin, draft.id);
    made.push({ name: config.name, agentId: live.agentId });
  }
  return made;
}
