import type { AgentDirectory } from "../agents";
import { analyseInTurns } from "./call-catalog";
import type { CallResolution } from "./call-resolution";

export interface CatalogWarmUpOptions {
  /** Agents with fewer skill entries are left to their first call (their index takes milliseconds). */
  minEntries?: number;
  /** Agents warmed at most, the most skilled first. */
  limit?: number;
  /** Skills listed by the agents warmed, at most: the analyses kept (20,000) are not churned by a warm-up. */
  maxSkills?: number;
  /** Asked between agents: true once the server is closing. */
  stopped?: () => boolean;
}

const MIN_ENTRIES = 100;
const MAX_AGENTS = 50;
const MAX_SKILLS = 20_000;

/**
 * CT-2: builds at boot the search indexes of the published agents that list the most skills, as their first call
 * start would (the same resolution, `analyseInTurns` on the analysis threads, the index kept by its versions), so
 * the first call after a restart finds its agent's index built instead of reading thousands of SKILL.md bodies
 * (about a second at 10,000). A call start meanwhile builds what it needs as before (the same list shares the work
 * in progress; kept analyses are shared by version). Answers how many agents and listed skills it warmed.
 */
export async function warmLargeCatalogs(
  resolution: CallResolution,
  agents: AgentDirectory,
  options: CatalogWarmUpOptions = {},
): Promise<{ agents: number; skills: number }> {
  const listed = await agents.mostSkilledPublished(options.minEntries ?? MIN_ENTRIES, options.limit ?? MAX_AGENTS);
  const warmed = { agents: 0, skills: 0 };
  for (const { projectId, agentId } of listed) {
    if (options.stopped?.()) break;
    const agent = await agents.published(projectId, agentId);
    if (!agent) continue;
    const resolved = await resolution.skillsOf(projectId, agent);
    if (warmed.skills + resolved.length > (options.maxSkills ?? MAX_SKILLS)) break;
    await analyseInTurns(resolved); // keeps the index it builds
    warmed.agents++;
    warmed.skills += resolved.length;
  }
  return warmed;
}
