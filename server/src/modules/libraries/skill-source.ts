import type { DbManager } from "../../platform/db/database";
import { LibraryRepository, type SourceRow } from "./library.repository";

/** Which project's skills a project reads (LB-4): its library's when linked, else its own. */
export interface SkillSource {
  /** The project that holds the skills. */
  readonly projectId: string;
  /** True when that is a library: messages then say "in this project's skill library" (LB-4). */
  readonly viaLibrary: boolean;
  /** False when the library is deleted: it holds no skills until it is purged or relinked (LB-7). */
  readonly holdsSkills: boolean;
}

/** The wording a refusal uses for where a skill was looked up (LB-4). */
export function sourcePlace(source: SkillSource): string {
  return source.viaLibrary ? "in this project's skill library" : "in this project";
}

/**
 * The one answer to "which project's skills does project P read" (LB-4, LB-7), used by agent saves, usage,
 * calls, sessions and evals alike. One statement; pass a transaction's manager to read inside it.
 * A linked project never falls back to its own skills, not even when its library is deleted.
 */
export async function skillSourceProject(m: DbManager, projectId: string): Promise<SkillSource> {
  return sourceFrom(projectId, await new LibraryRepository(m).sourceOf(projectId));
}

/** The answer for `projectId` from its stored link (null: no such project). */
export function sourceFrom(projectId: string, row: SourceRow | null): SkillSource {
  if (!row || row.libraryId === null) return { projectId, viaLibrary: false, holdsSkills: true };
  return { projectId: row.libraryId, viaLibrary: true, holdsSkills: !row.libraryDeleted };
}
