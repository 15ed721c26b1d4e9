import { useMutation } from "@apollo/client/react";
import type { AgentInput, AgentVersionFullQuery } from "../../gql/graphql";
import { useDraft } from "../../shared/use-draft";
import { toInput, toolRowsOf, type ToolRow } from "../skills/skill-content";
import { SAVE_AGENT } from "./agent-documents";
import type { SkillEntry } from "./skill-entries";

export type AgentVersion = NonNullable<AgentVersionFullQuery["agentVersion"]>;

export interface AgentFields {
  name: string;
  alias: string;
  prompt: string;
  mode: "CASCADE" | "SPEECH_TO_SPEECH";
  maxLoadedSkills: number;
  catalogBudget: number;
  skills: SkillEntry[];
  tools: ToolRow[];
  knowledgeBaseIds: string[];
}

export function agentFieldsOf(v: AgentVersion | null): AgentFields {
  return {
    name: v?.name ?? "",
    alias: v?.alias ?? "",
    prompt: v?.prompt ?? "",
    mode: v?.mode ?? "CASCADE",
    maxLoadedSkills: v?.maxLoadedSkills ?? 3,
    catalogBudget: v?.catalogBudget ?? 8000,
    skills: v?.skills.map((s) => ({ name: s.name, versionId: s.versionId ?? null })) ?? [],
    tools: toolRowsOf(v?.tools ?? []),
    knowledgeBaseIds: v?.knowledgeBaseIds ?? [],
  };
}

/** The saveAgent input: the form's fields, and what the console does not edit kept as stored (secrets as "***"). */
export function agentInputOf(fields: AgentFields, tools: AgentInput["tools"], kept: AgentVersion | null): AgentInput {
  return {
    name: fields.name,
    alias: fields.alias || null,
    prompt: fields.prompt,
    mode: fields.mode,
    maxLoadedSkills: fields.maxLoadedSkills,
    catalogBudget: fields.catalogBudget,
    skills: fields.skills.map((s) => ({ name: s.name, versionId: s.versionId })),
    tools,
    knowledgeBaseIds: fields.knowledgeBaseIds,
    handoffTargets: kept?.handoffTargets ?? [],
    model: kept?.model ?? null,
    mcpServers: (kept?.mcpServers ?? []).map((m) => ({ name: m.name, url: m.url, headers: m.headers })),
  };
}

/**
 * UX-4: the agent form. A save makes the agent's next draft (or version 1); the server's save-time refusals (a pin
 * to a draft, a tool colliding with a skill's) come back on the fields they name. Answers the saved version's id.
 */
export function useAgentDraft(version: AgentVersion | null) {
  const [saveAgent] = useMutation(SAVE_AGENT);
  const draft = useDraft({
    initial: agentFieldsOf(version),
    check: (v) => {
      const built = toInput({ skillMd: "", tools: v.tools, knowledgeBases: [], files: [] });
      // the console's words for an empty name, on the field (the server's are about its length)
      const named = v.name.trim() ? [] : [{ path: "name", message: "Name is required" }];
      return [...named, ...("problems" in built ? built.problems : [])];
    },
    submit: async (v) => {
      const built = toInput({ skillMd: "", tools: v.tools, knowledgeBases: [], files: [] });
      const tools = "input" in built ? built.input.tools : [];
      const res = await saveAgent({
        variables: { input: agentInputOf(v, tools, version), agentId: version?.agentId ?? null },
      });
      return res.data!.saveAgent.id;
    },
  });
  /** A skill's collision names the agent tool it collides with (`collides_with: "tools[1]"`): shown there too. */
  const collisions = draft.problems.flatMap((p) =>
    typeof p.collides_with === "string" ? [{ path: `${p.collides_with}.name`, message: p.message }] : [],
  );
  return { ...draft, problems: [...draft.problems, ...collisions] };
}
