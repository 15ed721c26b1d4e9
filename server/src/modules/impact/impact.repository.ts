import { In } from "typeorm";
import { AgentVersionEntity } from "../agents";
import { BaseRepository } from "../../platform/db/repository";

/** The only place with impact-preview queries. */
export class ImpactRepository extends BaseRepository {
  /** The names of each agent version's own tools (AG-5), in one statement; versions of any project. */
  async agentToolNames(agentVersionIds: readonly string[]): Promise<Map<string, string[]>> {
    if (agentVersionIds.length === 0) return new Map();
    const rows = await this.m.getRepository(AgentVersionEntity).find({
      select: { id: true, tools: true },
      where: { id: In([...agentVersionIds]) },
    });
    return new Map(rows.map((r) => [r.id, (r.tools ?? []).map((t) => t.name)]));
  }
}
