import type { RuntimeTool } from "../runtime";

/** What read_skill_file finds: a file's text, nothing at that path inside the skill, or a path that leaves it. */
export type FileRead = { kind: "text"; text: string } | { kind: "missing" } | { kind: "refused" };

/**
 * One skill as the gateway serves it. Content is read when asked, so every turn sees the source as it is now (GW-5:
 * content re-read every turn; edits to a skill take effect on the next turn).
 */
export interface GatewaySkill {
  name: string;
  description: string;
  /** Webhook tools that join the tool list once the skill is loaded (GW-2). */
  tools: RuntimeTool[];
  /** A webhook tool's secret in clear (the registry version's; a local directory's tools have none). */
  toolSecret(tool: string): Promise<string | null>;
  /** The instructions and the bundle's file paths (SKILL.md first); null when the skill can no longer be read. */
  load(): Promise<{ instructions: string; files: string[] } | null>;
  /** A file by its path relative to the skill's root (SKILL.md included). */
  readFile(path: string): Promise<FileRead>;
  /**
   * What `load()` would answer when it is known without waiting (a replay reads 20 of these a turn);
   * undefined: ask `load()`.
   */
  loadedNow?(): { instructions: string; files: string[] } | undefined;
  /** What `readFile(path)` would answer when it is known without waiting; undefined: ask `readFile`. */
  readFileNow?(path: string): FileRead | undefined;
}

/**
 * SEC-12: one text for every path that leaves the skill (`..`, absolute, a link pointing outside), whatever the
 * target, so the answer never tells whether something exists out there. It differs from "no such file" inside.
 */
export function refusedPathText(skill: string): string {
  return `read_skill_file only serves files inside the skill '${skill}': that path is refused.`;
}

/** A read_skill_file call with no path (missing, empty, not a string): what to send instead. */
export function pathRequiredText(skill: string, files: readonly string[]): string {
  return `read_skill_file needs the file's path: a path is required (a string, relative to the skill's folder). The skill '${skill}' has these files: ${files.join(", ")}.`;
}

export function missingFileText(skill: string, path: string, files: readonly string[]): string {
  return `The skill '${skill}' has no file '${path}'. Its files: ${files.join(", ")}.`;
}

/** The texts built from loads that return the same object every time (a registry version's), kept with it. */
const loadedTexts = new WeakMap<object, string>();

/** What load_skill answers (and what a replay puts back) for a skill's loaded content. */
export function loadedSkillAnswer(name: string, loaded: { instructions: string; files: readonly string[] }): string {
  let text = loadedTexts.get(loaded);
  if (text === undefined) {
    text = loadedSkillText(name, loaded.instructions, loaded.files);
    loadedTexts.set(loaded, text);
  }
  return text;
}

export function loadedSkillText(name: string, instructions: string, files: readonly string[]): string {
  return [
    `<skill name="${name}">`,
    instructions.trim(),
    "</skill>",
    "",
    `Files of this skill (read one with read_skill_file, skill "${name}"): ${files.join(", ")}`,
  ].join("\n");
}

export function unknownSkillText(name: string, skills: readonly GatewaySkill[]): string {
  const names = skills.map((s) => s.name).join(", ") || "none";
  return `There is no skill named '${name}'. The skills you can load: ${names}.`;
}

export function notLoadedText(name: string): string {
  return `Load the skill '${name}' with load_skill before reading its files.`;
}

/**
 * Why a requested path leaves the skill, lexically (SEC-12): absolute, a drive letter, a backslash or a `..`
 * segment. Returns the path in its canonical form (no `.` or empty segments) when it stays inside.
 */
export function insidePath(path: string): string | null {
  if (typeof path !== "string" || path.length === 0 || path.length > 1024) return null;
  if (path.startsWith("/") || path.includes("\\") || /^[A-Za-z]:/.test(path) || path.includes("\u0000")) return null;
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0 || segments.includes("..")) return null;
  return segments.join("/").normalize("NFC");
}
