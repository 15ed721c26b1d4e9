import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { ProjectEntity } from "../projects";
import { AGENT_NAME_LENGTH } from "./agent-version.entity";

/**
 * One row per agent: the row saves and publishes lock, the counter that keeps version numbers from ever
 * repeating, the live pointer, and the gateway name (GW-1) of its newest version, unique among live agents.
 */
@Entity({ name: "agents" })
@Index("uq_agents_gateway_name", ["projectId", "gatewayName"], { unique: true, where: "deleted_at IS NULL" })
export class AgentEntity {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @IdColumn("project_id")
  projectId!: string;

  @ManyToOne("ProjectEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "project_id" })
  project?: ProjectEntity;

  @Column({ type: "integer", name: "last_version" })
  lastVersion!: number;

  @IdColumn("live_version_id", { nullable: true })
  liveVersionId!: string | null;

  /** alias, else name, of the newest version (GW-1). */
  @TextColumn("gateway_name", { length: AGENT_NAME_LENGTH })
  gatewayName!: string;

  @TimestampColumn("created_at")
  createdAt!: Date;

  /** A deleted agent reads as not found and is in nobody's usage; its versions stay for the calls that ran them. */
  @TimestampColumn("deleted_at", { nullable: true })
  deletedAt!: Date | null;
}
