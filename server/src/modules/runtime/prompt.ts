import { LOAD_SKILL } from "./builtin-tools";
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
  /** Issue 21: sections kept from earlier assemblies with these variables (the prompt is the same without). */
  parts?: RenderedParts;
}): AssembledPrompt {
  const renderer = new TemplateRenderer(input.variables, input.parts);
  const agentPrompt = renderer.render(input.agent.prompt);
  const added = [
    ...promptKnowledge(input.agent.knowledgeBases),
    renderer.part("skills", input.resolved, (r) => skillsSection(input.resolved, r)),
    ...loadedSkills(input).map((skill) => renderer.part("loaded", skill, (r) => loadedSkillSection(skill, r))),
  ].filter((section) => section.length > 0);
  // With nothing added, the prompt is the agent's own, byte for byte.
  const prompt =
    added.length === 0
      ? agentPrompt
      : [agentPrompt.trimEnd(), ...added].filter((section) => section.length > 0).join("\n\n");
  return { prompt, warnings: renderer.warnings() };
}

function skillsSection(resolved: readonly ResolvedSkill[], renderer: TemplateRenderer): string {
  if (resolved.length === 0) return "";
  const list = resolved.map((skill) => `- ${skill.name}: ${oneLine(renderer.render(skill.description))}`);
  return [
    "# Skills",
    `You have skills: instructions and tools for particular tasks, loaded when a task needs them. Until a skill is loaded you know only its name and description. When the conversation needs one, call the ${LOAD_SKILL} tool with its name; its instructions then appear at the end of this prompt and its tools become available.`,
    "",
    ...list,
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

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
