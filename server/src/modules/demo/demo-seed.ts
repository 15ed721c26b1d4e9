import fs from "node:fs";
import path from "node:path";
import { Loaders } from "../../platform/graphql/context";
import type { AuthContext, AuthService } from "../auth";
import type { ProjectService } from "../projects";
import type { SkillBundleService, SkillLifecycleService, SkillService, ToolInput } from "../skills";

export interface DemoSeedResult {
  projectId: string;
  apiKey: string;
  skills: Array<{ name: string; version: number; id: string }>;
}

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
  return { projectId: project.id, apiKey, skills: seeded };
}
