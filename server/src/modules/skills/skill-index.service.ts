import type { Database } from "../../platform/db/database";
import { NotFound } from "../../platform/errors";
import type { AuthContext, AuthService } from "../auth";
import type { SkillEntity } from "./skill.entity";
import { SkillIndexRepository, type CursorWindow } from "./skill-index.repository";
import type { SkillVersionEntity } from "./skill-version.entity";

/** A skill as an object: its row (stable id, name), its newest version and its live one (null: none is live). */
export interface SkillSummary {
  skill: SkillEntity;
  newest: SkillVersionEntity;
  live: SkillVersionEntity | null;
}

export interface CursorPage<T> {
  items: T[];
  hasMore: boolean;
}

/** A version of a skill named by its number (`3`), its id, or `latest` (the newest). */
export type VersionRef = string;

function cut<T>(rows: T[], limit: number): CursorPage<T> {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * Skills by their stable id, for the Skills APIs (EC-1, EC-2): the same rows GraphQL reads by name. A skill whose
 * versions were all deleted, or another project's, is NOT_FOUND.
 */
export class SkillIndexService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
  ) {}

  async page(ctx: AuthContext, window: CursorWindow): Promise<CursorPage<SkillSummary>> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read(async (m) => {
      const repo = new SkillIndexRepository(m);
      const page = cut(await repo.skillsPage(scope.projectId, window), window.limit);
      return { items: await this.summaries(repo, scope.projectId, page.items), hasMore: page.hasMore };
    });
  }

  async get(ctx: AuthContext, skillId: string): Promise<SkillSummary> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read(async (m) => {
      const repo = new SkillIndexRepository(m);
      const skill = await repo.skillById(scope.projectId, skillId);
      const [summary] = skill ? await this.summaries(repo, scope.projectId, [skill]) : [];
      if (!summary) throw new NotFound("The skill");
      return summary;
    });
  }

  /** The skill of a name, when the project has a version of it (a create that names an existing skill). */
  async findByName(ctx: AuthContext, name: string): Promise<SkillSummary | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read(async (m) => {
      const repo = new SkillIndexRepository(m);
      const skill = await repo.skillByName(scope.projectId, name);
      const [summary] = skill ? await this.summaries(repo, scope.projectId, [skill]) : [];
      return summary ?? null;
    });
  }

  async versions(ctx: AuthContext, skillId: string, window: CursorWindow): Promise<CursorPage<SkillVersionEntity>> {
    const summary = await this.get(ctx, skillId);
    const rows = await this.db.read((m) =>
      new SkillIndexRepository(m).versionsPage(summary.skill.projectId, skillId, window),
    );
    return cut(rows, window.limit);
  }

  /** A version of the skill by number, id or `latest`; anything that is not a version of this skill is NOT_FOUND. */
  async version(ctx: AuthContext, skillId: string, ref: VersionRef): Promise<SkillVersionEntity> {
    const summary = await this.get(ctx, skillId);
    if (ref === "latest") return summary.newest;
    const { projectId } = summary.skill;
    const found = await this.db.read((m) => {
      const repo = new SkillIndexRepository(m);
      return /^[1-9][0-9]{0,9}$/.test(ref)
        ? repo.versionByNumber(projectId, skillId, Number(ref))
        : repo.versionById(projectId, skillId, ref);
    });
    if (!found) throw new NotFound("The skill version");
    return found;
  }

  private async summaries(
    repo: SkillIndexRepository,
    projectId: string,
    skills: readonly SkillEntity[],
  ): Promise<SkillSummary[]> {
    const ids = skills.map((s) => s.id);
    const liveIds = skills.flatMap((s) => (s.liveVersionId ? [s.liveVersionId] : []));
    const [newest, live] = await Promise.all([repo.newestOf(ids), repo.versionsByIds(projectId, liveIds)]);
    const newestBySkill = new Map(newest.map((v) => [v.skillId, v]));
    const liveById = new Map(live.map((v) => [v.id, v]));
    return skills.flatMap((skill) => {
      const newestVersion = newestBySkill.get(skill.id);
      if (!newestVersion) return [];
      return [
        {
          skill,
          newest: newestVersion,
          live: skill.liveVersionId ? (liveById.get(skill.liveVersionId) ?? null) : null,
        },
      ];
    });
  }
}
