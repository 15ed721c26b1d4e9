import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import { AUTHOR_NAME, authorName } from "../api-keys";
import type { AuthContext } from "../auth";
import { knowledgeBasesOf } from "../knowledge";
import type { SkillBundleService } from "./skill-bundle.service";
import type { SkillDiffService } from "./skill-diff.service";
import type { SkillFileEntity } from "./skill-file.entity";
import type { SkillPointerMoveEntity } from "./skill-pointer-move.entity";
import type { SkillLifecycleService } from "./skill-lifecycle.service";
import type { LiveAt } from "./skill-reader";
import type { SkillService } from "./skill.service";
import { SkillVersionInput } from "./skill.inputs";
import {
  LiveSkillVersionType,
  SkillFileType,
  SkillKnowledgeBaseType,
  SkillPointerMoveType,
  SkillToolType,
  SkillType,
  SkillVersionPage,
  SkillVersionType,
  VersionState,
} from "./skill.types";
import type { SkillVersionEntity } from "./skill-version.entity";
import { BLOB_CONTENT_BY_SHA, SKILL_BY_ID, SKILL_FILES_BY_VERSION } from "./skill.loaders";
import { presentTool } from "./skill.presenters";

@Resolver(() => SkillVersionType)
export class SkillResolver {
  constructor(
    private readonly skillService: SkillService,
    private readonly lifecycle: SkillLifecycleService,
    private readonly bundles: SkillBundleService,
    private readonly diffs: SkillDiffService,
  ) {}

  @Query(() => SkillVersionPage, {
    description: "Newest first; state PUBLISHED lists the live version of every skill (SV-6).",
  })
  skills(
    @Ctx() ctx: AuthContext,
    @Arg("name", () => String, { nullable: true }) name: string | null,
    @Arg("state", () => VersionState, { nullable: true }) state: VersionState | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
    @Arg("names", () => [String], {
      nullable: true,
      description: "Only these skills' versions (at most 200 names); with state PUBLISHED, their live versions.",
    })
    names: string[] | null,
    @Arg("search", () => String, {
      nullable: true,
      description: "Only skills whose name contains this text, case aside.",
    })
    search: string | null,
  ): Promise<Page<SkillVersionEntity>> {
    return this.skillService.list(ctx, { name, names, search, state, projectId }, page, limit);
  }

  @Query(() => SkillVersionType, { nullable: true })
  skillVersion(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<SkillVersionEntity | null> {
    return this.skillService.get(ctx, id);
  }

  @Query(() => JSONScalar, {
    description: "SKILL.md, tools, knowledge bases and files of two versions compared (SV-8).",
  })
  diffSkillVersions(
    @Ctx() ctx: AuthContext,
    @Arg("fromId", () => ID) fromId: string,
    @Arg("toId", () => ID) toId: string,
  ): Promise<Record<string, unknown>> {
    return this.diffs.diff(ctx, fromId, toId);
  }

  @Query(() => [SkillPointerMoveType], { description: "Every move of the skill's live pointer, oldest first (SV-9)." })
  skillPointerHistory(
    @Ctx() ctx: AuthContext,
    @Arg("name", () => String) name: string,
  ): Promise<SkillPointerMoveEntity[]> {
    return this.skillService.pointerHistory(ctx, name);
  }

  @Query(() => [LiveSkillVersionType], { description: "Which version of each skill was live at `at` (SV-9)." })
  skillsLiveAt(
    @Ctx() ctx: AuthContext,
    @Arg("at", () => Date) at: Date,
    @Arg("names", () => [String], { nullable: true }) names: string[] | null,
  ): Promise<LiveAt[]> {
    return this.skillService.liveAt(ctx, at, names);
  }

  @Query(() => String, { description: "The version as an Agent Skills zip, base64 (SK-2)." })
  exportSkillBundle(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<string> {
    return this.bundles.exportZip(ctx, id);
  }

  @Mutation(() => SkillVersionType, {
    description: "Version 1 of a new skill, or the next version of one; a draft (SV-1).",
  })
  createSkillVersion(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => SkillVersionInput) input: SkillVersionInput,
  ): Promise<SkillVersionEntity> {
    return this.skillService.create(ctx, input);
  }

  @Mutation(() => SkillVersionType, { description: "Drafts only (SV-2)." })
  updateSkillVersion(
    @Ctx() ctx: AuthContext,
    @Arg("id", () => ID) id: string,
    @Arg("input", () => SkillVersionInput) input: SkillVersionInput,
  ): Promise<SkillVersionEntity> {
    return this.skillService.update(ctx, id, input);
  }

  @Mutation(() => SkillVersionType)
  publishSkillVersion(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<SkillVersionEntity> {
    return this.lifecycle.publish(ctx, id);
  }

  @Mutation(() => SkillVersionType)
  rollbackSkill(
    @Ctx() ctx: AuthContext,
    @Arg("name", () => String) name: string,
    @Arg("toVersionId", () => ID) toVersionId: string,
  ): Promise<SkillVersionEntity> {
    return this.lifecycle.rollback(ctx, name, toVersionId);
  }

  @Mutation(() => ID)
  deleteSkillVersion(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<string> {
    return this.lifecycle.delete(ctx, id);
  }

  @Mutation(() => SkillVersionType, {
    description: "An Agent Skills zip (base64) becomes the skill's next draft (SK-2).",
  })
  importSkillBundle(
    @Ctx() ctx: AuthContext,
    @Arg("zipBase64", () => String) zipBase64: string,
  ): Promise<SkillVersionEntity> {
    return this.bundles.importZip(ctx, zipBase64);
  }

  @FieldResolver(() => SkillType, { description: "The skill this is a version of." })
  async skill(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<SkillType> {
    const skill = await ctx.loaders.of(SKILL_BY_ID).load(version.skillId);
    if (!skill) throw new Error(`skill row ${version.skillId} of version ${version.id} is missing`);
    return { id: skill.id, name: skill.name, displayName: skill.displayName ?? skill.name };
  }

  @FieldResolver(() => [SkillToolType])
  tools(@Root() version: SkillVersionEntity): SkillToolType[] {
    return version.tools.map(presentTool);
  }

  @FieldResolver(() => [SkillFileType])
  files(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<SkillFileEntity[]> {
    return ctx.loaders.of(SKILL_FILES_BY_VERSION).load(version.id);
  }

  @FieldResolver(() => [SkillKnowledgeBaseType])
  async knowledgeBases(
    @Root() version: SkillVersionEntity,
    @Ctx() ctx: AuthContext,
  ): Promise<SkillKnowledgeBaseType[]> {
    const refs = version.knowledgeBases;
    const bases = new Map(
      (
        await knowledgeBasesOf(
          ctx.loaders,
          version.projectId,
          refs.map((k) => k.knowledgeBaseId),
        )
      ).map((b) => [b.id, b]),
    );
    return refs.flatMap((ref) => {
      const base = bases.get(ref.knowledgeBaseId);
      return base ? [{ knowledgeBase: base, mode: ref.mode as SkillKnowledgeBaseType["mode"] }] : [];
    });
  }
}

@Resolver(() => SkillFileType)
export class SkillFileResolver {
  @FieldResolver(() => String, { description: "The file's bytes, base64." })
  contentBase64(@Root() file: SkillFileEntity, @Ctx() ctx: AuthContext): Promise<string> {
    return ctx.loaders.of(BLOB_CONTENT_BY_SHA).load(file.sha256);
  }
}

@Resolver(() => SkillVersionType)
export class SkillVersionAuthorResolver {
  @FieldResolver(() => String, { nullable: true, description: AUTHOR_NAME })
  createdByName(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<string | null> {
    return authorName(ctx, version.projectId, version.createdBy);
  }
}
