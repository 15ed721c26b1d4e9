import { Column, Entity, Index, JoinColumn, ManyToOne, Unique } from "typeorm";
import { IdColumn, JsonColumn, TextColumn } from "../../platform/db/columns";
import type { StoredTool } from "../skills";
import { VersionColumns } from "../versioning";
import type { AgentEntity } from "./agent.entity";

export type AgentModeName = "cascade" | "speech_to_speech";

/** An OpenAI-compatible endpoint; the key sealed by SecretBox, bound to the version. */
export interface StoredModel {
  baseUrl: string;
  model: string;
  sealedApiKey: string | null;
}

/** A Streamable HTTP MCP server; each header value sealed, bound to the version, server and header. */
export interface StoredMcpServer {
  name: string;
  url: string;
  sealedHeaders: Record<string, string>;
}

/** The longest agent name or alias (the columns' length; SEC-22: one source for the input policy and the checks). */
export const AGENT_NAME_LENGTH = 200;

@Entity({ name: "agent_versions" })
@Unique("uq_agent_versions_number", ["agentId", "version"])
// AG-1 as SV-3: the database itself allows one published version per agent
@Index("uq_agent_versions_one_published", ["agentId"], { unique: true, where: "state = 'published'" })
@Index("idx_agent_versions_project_created", ["projectId", "createdAt"])
export class AgentVersionEntity extends VersionColumns {
  @IdColumn("agent_id")
  agentId!: string;

  @ManyToOne("AgentEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "agent_id" })
  agent?: AgentEntity;

  @TextColumn("name", { length: AGENT_NAME_LENGTH })
  name!: string;

  @TextColumn("alias", { length: AGENT_NAME_LENGTH, nullable: true })
  alias!: string | null;

  @TextColumn("mode", { length: 32 })
  mode!: AgentModeName;

  @TextColumn("prompt")
  prompt!: string;

  @Column({ type: "integer", name: "max_loaded_skills" })
  maxLoadedSkills!: number;

  /** CT-1: characters the catalog may take in the prompt. */
  @Column({ type: "integer", name: "catalog_budget", default: 8000 })
  catalogBudget!: number;

  @JsonColumn("tools")
  tools!: StoredTool[];

  @JsonColumn("knowledge_base_ids")
  knowledgeBaseIds!: string[];

  @JsonColumn("model", { nullable: true })
  model!: StoredModel | null;

  @JsonColumn("mcp_servers")
  mcpServers!: StoredMcpServer[];

  @JsonColumn("handoff_targets")
  handoffTargets!: string[];
}
