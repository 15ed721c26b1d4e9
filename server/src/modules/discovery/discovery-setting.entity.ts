import { Entity, PrimaryColumn } from "typeorm";
import { IdColumn, TimestampColumn } from "../../platform/db/columns";

/**
 * PV-4: the project whose live skills the discovery index serves without a key (one row, `public`; no row: the start
 * value DISCOVERY_PROJECT decides). Not a foreign key: a deleted or purged project is simply not served.
 */
@Entity({ name: "discovery_settings" })
export class DiscoverySettingEntity {
  @PrimaryColumn({ type: "varchar", length: 16, name: "key" })
  key!: string;

  @IdColumn("project_id", { nullable: true })
  projectId!: string | null;

  @TimestampColumn("updated_at")
  updatedAt!: Date;
}
