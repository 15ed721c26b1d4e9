import type { CursorPage, SkillSummary, SkillVersionEntity } from "../skills";
import type { Vendor } from "./skills-api.errors";

/*
 * What the two vendors' SDKs read (EC-1, EC-2), from Skillgraph's rows. A skill is a name with versions: its `id` is
 * the skill row's stable id, a version is its number (OpenAI's `version`, a string) and its id (Anthropic's `id`).
 * OpenAI's `default_version` is the live version (null while none is published); `state` is Skillgraph's own.
 */

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function presentSkill(vendor: Vendor, summary: SkillSummary): Record<string, unknown> {
  const { skill, newest, live } = summary;
  if (vendor === "anthropic") {
    const updated = Math.max(newest.updatedAt.getTime(), live?.updatedAt.getTime() ?? 0, skill.createdAt.getTime());
    return {
      id: skill.id,
      type: "skill",
      display_name: skill.name,
      latest_version_id: newest.id,
      latest_version: String(newest.version),
      source: { type: "custom" },
      created_at: skill.createdAt.toISOString(),
      updated_at: new Date(updated).toISOString(),
    };
  }
  return {
    id: skill.id,
    object: "skill",
    name: skill.name,
    description: (live ?? newest).description,
    created_at: unixSeconds(skill.createdAt),
    default_version: live ? String(live.version) : null,
    latest_version: String(newest.version),
  };
}

/** `attestation`: the DSSE envelope signed when the version went live (PV-2); null when it never was. */
export function presentVersion(
  vendor: Vendor,
  version: SkillVersionEntity,
  attestation: unknown = null,
): Record<string, unknown> {
  if (vendor === "anthropic") {
    return {
      id: version.id,
      type: "skill_version",
      skill_id: version.skillId,
      version: String(version.version),
      name: version.name,
      description: version.description,
      directory: version.name,
      state: version.state,
      created_at: version.createdAt.toISOString(),
      attestation,
    };
  }
  return {
    id: version.id,
    object: "skill.version",
    skill_id: version.skillId,
    version: String(version.version),
    name: version.name,
    description: version.description,
    state: version.state,
    created_at: unixSeconds(version.createdAt),
    attestation,
  };
}

/** OpenAI's list (`first_id`, `last_id`, `has_more`: the SDK pages with `after=<last id>`); Anthropic's (`next_page`). */
export function presentPage<T extends { id: string }>(
  vendor: Vendor,
  page: CursorPage<unknown>,
  data: T[],
): Record<string, unknown> {
  const last = data.at(-1)?.id ?? null;
  if (vendor === "anthropic") return { data, has_more: page.hasMore, next_page: page.hasMore ? last : null };
  return { object: "list", data, first_id: data[0]?.id ?? null, last_id: last, has_more: page.hasMore };
}

export function presentDeletedSkill(vendor: Vendor, skillId: string): Record<string, unknown> {
  return vendor === "anthropic"
    ? { id: skillId, type: "skill_deleted" }
    : { id: skillId, object: "skill.deleted", deleted: true };
}

export function presentDeletedVersion(vendor: Vendor, version: SkillVersionEntity): Record<string, unknown> {
  return vendor === "anthropic"
    ? { id: version.id, type: "skill_version_deleted" }
    : { id: version.id, object: "skill.version.deleted", deleted: true, version: String(version.version) };
}
