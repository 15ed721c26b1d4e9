import { FIND_SKILLS, LOAD_SKILL } from "./builtin-tools";
import { catalogLine, omittedSkills, type CatalogShown } from "./catalog-budget";
import { loadedSkills } from "./loaded-set";
import { TemplateRenderer, type RenderedParts } from "./template";
import type { AgentSnapshot, ResolvedSkill, RuntimeKnowledgeBase, TemplateVariables } from "./types";

export interface AssembledPrompt {
  prompt: string;
  /** Missing template variables (RT-5), one warning per variable. */
  warnings: string[];
}

/**
 * RT-2, RT-3, RT-5, RT-8: the system prompt as the model sees it now. The agent's prompt (rendered) and its own
 * prompt-mode knowledge; then, when skills resolved, the skills section (every resolved skill's name and description,
 * and how to load one); then one section per loaded skill, in load order, with its rendered instructions and its
 * prompt-mode knowledge. Knowledge documents are data: they are not rendered.
 */
export function assembleSystemPrompt(input: {
  agent: AgentSnapshot;
  resolved: readonly ResolvedSkill[];
  loaded: readonly string[];
  variables: TemplateVariables;
  /** Sections kept from earlier assemblies with these variables (the prompt is the same without). */
  parts?: RenderedParts;
  /** CT-1: the skills the catalog shows when it cannot show them all (null or absent: all of them). */
  shown?: CatalogShown;
}): AssembledPrompt {
  const renderer = new TemplateRenderer(input.variables, input.parts);
  const agentPrompt = renderer.render(input.agent.prompt);
  const added = [
    ...promptKnowledge(input.agent.knowledgeBases),
    renderer.part("skills", input.shown ?? input.resolved, (r) =>
      skillsSection(input.resolved, input.shown ?? null, r),
    ),
    ...loadedSkills(input).map((skill) => renderer.part("loaded", skill, (r) => loadedSkillSection(skill, r))),
  ].filter((section) => section.length > 0);
  // With nothing added, the prompt is the agent's own, byte for byte.
  const prompt =
    added.length === 0
      ? agentPrompt
      : [agentPrompt.trimEnd(), ...added].filter((section) => section.length > 0).join("\n\n");
  return { prompt, warnings: renderer.warnings() };
}

function skillsSection(resolved: readonly ResolvedSkill[], shown: CatalogShown, renderer: TemplateRenderer): string {
  if (resolved.length === 0) return "";
  const intro = `You have skills: instructions and tools for particular tasks, loaded when a task needs them. Until a skill is loaded you know only its name and description. When the conversation needs one, call the ${LOAD_SKILL} tool with its name; its instructions then appear at the end of this prompt and its tools become available.`;
  if (shown === null)
    return ["# Skills", intro, "", ...resolved.map((skill) => catalogLine(skill, renderer))].join("\n");
  // CT-1: the catalog within its budget; the model learns that more exist and how to find them.
  const byName = new Map(resolved.map((skill) => [skill.name, skill]));
  const listed = shown.flatMap((name) => {
    const skill = byName.get(name);
    return skill ? [catalogLine(skill, renderer)] : [];
  });
  const more = omittedSkills(resolved, shown).length;
  return [
    "# Skills",
    intro,
    `Only the skills most likely needed are listed below; ${more} more are not. When none listed fits the task, search all of your skills with the ${FIND_SKILLS} tool (describe the task in a few words) and load what it finds with ${LOAD_SKILL}.`,
    "",
    ...listed,
  ].join("\n");
}

function loadedSkillSection(skill: ResolvedSkill, renderer: TemplateRenderer): string {
  const body = [renderer.render(skill.instructions).trim(), ...promptKnowledge(skill.knowledgeBases)];
  const content = body.filter((part) => part.length > 0).join("\n\n");
  return `<skill name="${attribute(skill.name)}">\n${content}${content.length > 0 ? "\n" : ""}</skill>`;
}

function promptKnowledge(bases: readonly RuntimeKnowledgeBase[]): string[] {
  return bases
    .filter((base) => base.mode === "prompt" && base.documents.length > 0)
    .map((base) => {
      const documents = base.documents.map(
        (document) => `<document title="${attribute(document.title)}">\n${document.content.trim()}\n</document>`,
      );
      return [`<knowledge name="${attribute(base.name)}">`, ...documents, "</knowledge>"].join("\n");
    });
}

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
