import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, TextColumn } from "../../platform/db/columns";
import type { AgentVersionEntity } from "./agent-version.entity";

/**
 * One skill entry of an agent version (AG-1), in its own table so "who uses a skill" (US-1) is one indexed query
 * by (project_id, name) rather than a scan of JSON. `project_id` is the agent's project; a pin names a version
 * in whichever project the agent reads its skills from (LB-4), so it has no foreign key.
 */
@Entity({ name: "agent_skill_entries" })
@Index("idx_agent_skill_entries_project_name", ["projectId", "name"])
export class AgentSkillEntryEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "agent_version_id" })
  agentVersionId!: string;

  @ManyToOne("AgentVersionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "agent_version_id" })
  agentVersion?: AgentVersionEntity;

  @PrimaryColumn({ type: "integer", name: "position" })
  position!: number;

  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("name", { length: 64 })
  name!: string;

  @IdColumn("pinned_version_id", { nullable: true })
  pinnedVersionId!: string | null;
}
