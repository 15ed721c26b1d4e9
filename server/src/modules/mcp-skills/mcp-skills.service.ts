import type { SkillSourceCache } from "../libraries";
import type { SkillReader } from "../skills";
import {
  parseSkillUri,
  resourceContents,
  skillEntry,
  skillFileUri,
  skillMdBytes,
  mimeTypeOf,
  SKILL_MD,
  type SkillEntry,
} from "./skill-resources";

/** PV-2: the attestation of a live version (a DSSE envelope), or null when it was published before signing began. */
export type AttestationOf = (projectId: string, versionId: string) => Promise<unknown>;

/** The `_meta` key `skills/get` carries a version's attestation under. */
export const ATTESTATION_META_KEY = "dev.skillgraph/attestation";

export interface SkillFileListing {
  uri: string;
  name: string;
  description?: string;
  mimeType: string;
  size: number;
}

/**
 * GW-11: what a project serves over MCP — the live published versions of the project it reads skills from (its
 * library's when linked, LB-4), read fresh on every request so that a publish or rollback shows on the next list.
 */
export class McpSkillsService {
  constructor(
    private readonly skills: SkillReader,
    private readonly sources: SkillSourceCache,
    private readonly attestationOf: AttestationOf,
  ) {}

  /** The project whose skills `projectId` serves, or null when that is a deleted library (it serves none, LB-7). */
  async sourceOf(projectId: string): Promise<string | null> {
    const source = await this.sources.sourceOf(projectId);
    return source.holdsSkills ? source.projectId : null;
  }

  /** Every live skill's entry, by name: one query for the versions, one for their files. */
  async entries(projectId: string): Promise<SkillEntry[]> {
    const source = await this.sourceOf(projectId);
    if (!source) return [];
    const versions = await this.skills.liveVersions(source);
    const files = await this.skills.filesOf(
      source,
      versions.map((v) => v.id),
    );
    return versions.map((version) =>
      skillEntry(
        version,
        files.filter((f) => f.versionId === version.id),
      ),
    );
  }

  /**
   * The entry of the skill whose SKILL.md is `uri`, with its version's attestation (PV-2); null when no live skill
   * is served there.
   */
  async entry(projectId: string, uri: string): Promise<{ skill: SkillEntry; attestation: unknown } | null> {
    const target = parseSkillUri(uri);
    if (!target || target.path !== SKILL_MD) return null;
    const version = await this.liveVersion(projectId, target.name);
    if (!version) return null;
    const [files, attestation] = await Promise.all([
      this.skills.filesOf(version.projectId, [version.id]),
      this.attestationOf(version.projectId, version.id),
    ]);
    return { skill: skillEntry(version, files), attestation };
  }

  /** `resources/list`: every file of every live skill. */
  async listing(projectId: string): Promise<SkillFileListing[]> {
    const entries = await this.entries(projectId);
    return entries.flatMap((entry) =>
      entry.resources.map((resource) => {
        const path = parseSkillUri(resource.uri)!.path;
        return path === SKILL_MD
          ? {
              uri: resource.uri,
              name: entry.frontmatter.name,
              description: entry.frontmatter.description,
              mimeType: mimeTypeOf(path),
              size: resource.size,
            }
          : {
              uri: resource.uri,
              name: `${entry.frontmatter.name}/${path}`,
              mimeType: mimeTypeOf(path),
              size: resource.size,
            };
      }),
    );
  }

  /** The bytes of one file of a live skill, as resource contents; null when nothing is served at `uri`. */
  async read(projectId: string, uri: string): Promise<ReturnType<typeof resourceContents> | null> {
    const target = parseSkillUri(uri);
    if (!target) return null;
    const version = await this.liveVersion(projectId, target.name);
    if (!version) return null;
    const canonical = skillFileUri(version.name, target.path);
    if (target.path === SKILL_MD) return resourceContents(canonical, SKILL_MD, skillMdBytes(version.skillMd));
    const file = (await this.skills.filesOf(version.projectId, [version.id])).find((f) => f.path === target.path);
    if (!file) return null;
    const [blob] = await this.skills.blobsOf(version.projectId, [file.sha256]);
    if (!blob) return null;
    return resourceContents(canonical, file.path, Buffer.from(blob.contentBase64, "base64"));
  }

  private async liveVersion(projectId: string, name: string) {
    const source = await this.sourceOf(projectId);
    if (!source) return null;
    const [version] = await this.skills.publishedVersions(source, [name]);
    return version ?? null;
  }
}
