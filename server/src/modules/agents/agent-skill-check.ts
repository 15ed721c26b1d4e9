import type { Problem } from "../../platform/errors";
import type { VersionStateName } from "../skills";
import type { SkillEntry } from "./agent-config";

/** What AG-2 needs to know of a skill version. */
export interface CandidateVersion {
  id: string;
  name: string;
  version: number;
  state: VersionStateName;
  tools: ReadonlyArray<{ name: string }>;
  /** PV-3: set when revoked (never served, so never pinned). */
  revokedAt?: Date | null;
}

export interface SkillLookup {
  /** The live version of each listed name, in the source project. */
  published: ReadonlyMap<string, CandidateVersion>;
  /** Every pinned id that is a version in the source project. */
  byId: ReadonlyMap<string, CandidateVersion>;
  /** "in this project" or "in this project's skill library" (LB-4). */
  place: string;
  /** False when the project reads from a deleted library, which holds no skills (LB-7). */
  holdsSkills: boolean;
}

/**
 * AG-2: every entry against the version it resolves to now — its pin alone for a pinned entry, the live version
 * otherwise — naming both sides: the entry (`field`, `skill`, for a pin `version_id`) and, for a tool collision,
 * the skill's `tool` and the agent tool it `collides_with`. Entries given as null were refused already.
 */
export function skillEntryProblems(
  entries: ReadonlyArray<SkillEntry | null>,
  agentTools: ReadonlyArray<{ name: string }>,
  lookup: SkillLookup,
): Problem[] {
  const agentToolAt = new Map<string, number>();
  agentTools.forEach((tool, j) => {
    if (!agentToolAt.has(tool.name)) agentToolAt.set(tool.name, j);
  });
  return entries.flatMap((entry, i): Problem[] => {
    // null: an entry already refused for its form, not looked up
    if (entry === null) return [];
    const pinned = entry.versionId !== null;
    const field = pinned ? `skills[${i}].version_id` : `skills[${i}].name`;
    const fields = { skill: entry.name, ...(pinned ? { version_id: entry.versionId } : {}) };
    const label = `skills[${i}] '${entry.name}'`;
    if (!lookup.holdsSkills) {
      return [
        {
          path: field,
          fields,
          message: `${label}: this project's skill library is deleted and holds no skills; remove the entry, or have the library relinked.`,
        },
      ];
    }
    let resolved: CandidateVersion | undefined;
    if (entry.versionId !== null) {
      resolved = lookup.byId.get(entry.versionId);
      if (!resolved || resolved.name !== entry.name) {
        return [
          {
            path: field,
            fields,
            message: `${label} version_id: '${entry.versionId}' is not a version of '${entry.name}' ${lookup.place}.`,
          },
        ];
      }
      if (resolved.state === "draft") {
        return [
          {
            path: field,
            fields,
            message: `${label} version_id: version ${resolved.version} of '${entry.name}' is a draft, which can still change; pin a published or archived version.`,
          },
        ];
      }
      if (resolved.revokedAt) {
        return [
          {
            path: field,
            fields,
            message: `${label} version_id: version ${resolved.version} of '${entry.name}' was revoked and is never served; pin another version, or follow the live one.`,
          },
        ];
      }
    } else {
      resolved = lookup.published.get(entry.name);
      if (!resolved) {
        return [
          {
            path: field,
            fields,
            message: `${label}: '${entry.name}' has no published version ${lookup.place}; publish one, or pin a version with versionId.`,
          },
        ];
      }
    }
    const version = resolved;
    return version.tools.flatMap((tool) => {
      const j = agentToolAt.get(tool.name);
      if (j === undefined) return [];
      return [
        {
          path: field,
          fields: { ...fields, tool: tool.name, collides_with: `tools[${j}]` },
          message: `${label}: its tool '${tool.name}' (version ${version.version} ${lookup.place}) has the name of the agent's tool tools[${j}]; rename one of them.`,
        },
      ];
    });
  });
}
