import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { AuthContext } from "../auth";
import type { KnowledgeBaseEntity, KnowledgeDocumentEntity } from "./knowledge-base.entity";
import { KNOWLEDGE_DOCUMENTS_BY_BASE } from "./knowledge.loaders";
import type { KnowledgeService } from "./knowledge.service";
import { KnowledgeBaseInputType, KnowledgeBaseType, KnowledgeDocumentType } from "./knowledge.types";
import { ArgsStoredIn } from "../../platform/graphql/stored-in";

@Resolver(() => KnowledgeBaseType)
export class KnowledgeResolver {
  constructor(private readonly knowledge: KnowledgeService) {}

  @Query(() => [KnowledgeBaseType])
  knowledgeBases(
    @Ctx() ctx: AuthContext,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<KnowledgeBaseEntity[]> {
    return this.knowledge.list(ctx, projectId);
  }

  @Query(() => KnowledgeBaseType)
  knowledgeBase(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<KnowledgeBaseEntity> {
    return this.knowledge.get(ctx, id);
  }

  @Mutation(() => KnowledgeBaseType)
  createKnowledgeBase(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => KnowledgeBaseInputType) input: KnowledgeBaseInputType,
  ): Promise<KnowledgeBaseEntity> {
    return this.knowledge.createBase(ctx, input);
  }

  @Mutation(() => KnowledgeDocumentType, {
    description: "Adds a document; calls read documents when they start (RT-8).",
  })
  @ArgsStoredIn({ title: "knowledge_documents.title" })
  addKnowledgeDocument(
    @Ctx() ctx: AuthContext,
    @Arg("knowledgeBaseId", () => ID) knowledgeBaseId: string,
    @Arg("title", () => String) title: string,
    @Arg("content", () => String) content: string,
  ): Promise<KnowledgeDocumentEntity> {
    return this.knowledge.addDocument(ctx, knowledgeBaseId, title, content);
  }

  @Mutation(() => ID, { description: "Removes a document; calls that start from then on no longer read it (RT-8)." })
  deleteKnowledgeDocument(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<string> {
    return this.knowledge.deleteDocument(ctx, id);
  }

  @FieldResolver(() => [KnowledgeDocumentType])
  documents(@Root() base: KnowledgeBaseEntity, @Ctx() ctx: AuthContext): Promise<KnowledgeDocumentEntity[]> {
    return ctx.loaders.of(KNOWLEDGE_DOCUMENTS_BY_BASE).load(base.id);
  }
}
