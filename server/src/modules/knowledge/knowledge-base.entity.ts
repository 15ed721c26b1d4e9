import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";

/** Column lengths the input policy and the service read (SEC-22: one source). */
export const KNOWLEDGE_BASE_NAME_LENGTH = 200;
export const DOCUMENT_TITLE_LENGTH = 500;

@Entity({ name: "knowledge_bases" })
@Index("idx_knowledge_bases_project", ["projectId"])
export class KnowledgeBaseEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @TextColumn("name", { length: KNOWLEDGE_BASE_NAME_LENGTH })
  name!: string;

  @TextColumn("description", { default: "" })
  description!: string;

  /** How many results query_knowledge returns (RT-8). */
  @Column({ type: "integer", name: "top_k", default: 3 })
  topK!: number;

  /** Results scoring below this (0–1, relative to the best hit) are dropped (RT-8). */
  @Column({ type: "double precision", name: "similarity_threshold", default: 0 })
  similarityThreshold!: number;

  @TimestampColumn("created_at")
  createdAt!: Date;
}

@Entity({ name: "knowledge_documents" })
@Index("idx_knowledge_documents_base", ["knowledgeBaseId"])
export class KnowledgeDocumentEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("knowledge_base_id")
  knowledgeBaseId!: string;

  @ManyToOne("KnowledgeBaseEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "knowledge_base_id" })
  knowledgeBase?: KnowledgeBaseEntity;

  @TextColumn("title", { length: DOCUMENT_TITLE_LENGTH })
  title!: string;

  @TextColumn("content")
  content!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;
}
