// Plain data for the runtime's tests: skills named as the example skills are (examples/skills/).
import type {
  AgentSnapshot,
  CatalogVersion,
  ResolvedSkill,
  RuntimeKnowledgeBase,
  RuntimeTool,
  SkillCatalog,
} from "../../src/modules/runtime";

export function webhookTool(name: string, description = `Runs ${name}.`): RuntimeTool {
  return {
    name,
    description,
    parameters: { type: "object", properties: {} },
    webhookUrl: `https://hooks.example.com/${name}`,
  };
}

export function knowledgeBase(
  id: string,
  mode: "prompt" | "tool",
  documents: Array<{ id: string; title: string; content: string }> = [],
  settings: { topK?: number; similarityThreshold?: number; name?: string } = {},
): RuntimeKnowledgeBase {
  return {
    id,
    name: settings.name ?? `KB ${id}`,
    mode,
    topK: settings.topK ?? 3,
    similarityThreshold: settings.similarityThreshold ?? 0,
    documents,
  };
}

export function catalogVersion(name: string, version = 1, extra: Partial<CatalogVersion> = {}): CatalogVersion {
  return {
    id: `${name}-v${version}`,
    name,
    version,
    description: `Use for ${name.replace(/_/g, " ")}.`,
    instructions: `Instructions of ${name} v${version}.`,
    tools: [],
    knowledgeBases: [],
    state: "published",
    ...extra,
  };
}

export function resolvedSkill(name: string, extra: Partial<ResolvedSkill> = {}): ResolvedSkill {
  return { ...catalogVersion(name, extra.version ?? 1, extra), pinned: false, ...extra };
}

/** A catalog whose `live` versions are live; `others` are archived versions reachable by pin. */
export function skillCatalog(live: readonly CatalogVersion[], others: readonly CatalogVersion[] = []): SkillCatalog {
  return {
    liveVersionIdByName: new Map(live.map((version) => [version.name, version.id])),
    versionsById: new Map([...live, ...others].map((version) => [version.id, version])),
  };
}

export function agentSnapshot(extra: Partial<AgentSnapshot> = {}): AgentSnapshot {
  return {
    agentId: "agent-1",
    name: "Billing line",
    mode: "cascade",
    prompt: "You answer the billing line.",
    maxLoadedSkills: 3,
    tools: [],
    knowledgeBases: [],
    skills: [],
    handoffTargets: [],
    ...extra,
  };
}
