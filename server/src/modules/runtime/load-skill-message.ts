import { FIND_SKILLS } from "./builtin-tools";

// The `load_skill` results the model reads (RT-3, RT-4). They say what happened and what to do next; the skill's
// instructions themselves join the system prompt, so a result never repeats them.

export function loadedMessage(skill: string, unloaded: readonly string[], cap: number): string {
  const loaded = `Loaded skill '${skill}'. Its instructions are now in your system prompt and its tools are available; follow them for this task.`;
  if (unloaded.length === 0) return loaded;
  const which = unloaded.map((name) => `'${name}'`).join(", ");
  const limit = cap === 1 ? "1 skill" : `${cap} skills`;
  const gone =
    unloaded.length === 1
      ? "was unloaded: its instructions and tools are gone until you load it again"
      : "were unloaded: their instructions and tools are gone until you load them again";
  return `${loaded} At most ${limit} can be loaded at once, so ${which} ${gone}.`;
}

export function alreadyLoadedMessage(skill: string): string {
  return `Skill '${skill}' is already loaded: its instructions are in your system prompt and its tools are available. Nothing changed.`;
}

/**
 * `available`: the skills the catalog lists. When it leaves some out (`catalogOmits`, CT-1) the answer points to
 * find_skills rather than listing what the catalog shows again.
 */
export function unknownSkillMessage(
  asked: string,
  available: readonly string[],
  loaded: readonly string[],
  catalogOmits = false,
): string {
  // The name comes from the model: quote it as JSON so odd characters cannot blur the message.
  const shown = JSON.stringify(asked.length > 200 ? `${asked.slice(0, 200)}…` : asked);
  if (catalogOmits)
    return `There is no skill named ${shown}. Nothing was loaded. Search your skills with ${FIND_SKILLS} and load one by the name it gives.`;
  if (available.length === 0)
    return `There is no skill named ${shown}, and no skills can be loaded in this conversation.`;
  const list = available.map((name) => (loaded.includes(name) ? `'${name}' (loaded)` : `'${name}'`)).join(", ");
  return `There is no skill named ${shown}. Nothing was loaded. The skills you can load are: ${list}.`;
}
