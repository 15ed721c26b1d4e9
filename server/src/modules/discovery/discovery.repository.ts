import { BaseRepository } from "../../platform/db/repository";
import { DiscoverySettingEntity } from "./discovery-setting.entity";

const PUBLIC = "public";

/** The only place that queries the discovery setting. */
export class DiscoveryRepository extends BaseRepository {
  /** undefined: never set (the start value decides); null: set to none. */
  async publicProject(): Promise<string | null | undefined> {
    const row = await this.m.getRepository(DiscoverySettingEntity).findOneBy({ key: PUBLIC });
    return row ? row.projectId : undefined;
  }

  async setPublicProject(projectId: string | null, at: Date): Promise<void> {
    await this.m.getRepository(DiscoverySettingEntity).upsert({ key: PUBLIC, projectId, updatedAt: at }, ["key"]);
  }
}
