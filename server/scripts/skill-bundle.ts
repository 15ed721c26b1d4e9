/**
 * Skill folders in and out of a Skillgraph server (SK-2):
 *   npm run skills -- import ./examples/skills/explain-bill      → the skill's next draft
 *   npm run skills -- export <versionId> ./out                   → ./out/<name>/SKILL.md, references/…
 * SKILLGRAPH_URL (default http://localhost:4000) and SKILLGRAPH_API_KEY (an editor or admin key) say where and who.
 */
import { exportSkillDirectory, importSkillDirectory } from "./bundle-client";

async function main(): Promise<void> {
  const [command, first, second] = process.argv.slice(2);
  const apiKey = process.env.SKILLGRAPH_API_KEY;
  const options = { url: process.env.SKILLGRAPH_URL ?? "http://localhost:4000", apiKey: apiKey ?? "" };
  if (!apiKey) throw new Error("Set SKILLGRAPH_API_KEY to an editor or admin API key of the project.");
  if (command === "import" && first) {
    const version = await importSkillDirectory(options, first);
    console.log(`${version.name} version ${version.version} (${version.state}) ${version.id}`);
    for (const warning of version.warnings) console.log(`  warning: ${warning}`);
    return;
  }
  if (command === "export" && first && second) {
    console.log(`wrote ${await exportSkillDirectory(options, first, second)}`);
    return;
  }
  throw new Error("Usage: skills import <skill-folder> | skills export <versionId> <parent-folder>");
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
