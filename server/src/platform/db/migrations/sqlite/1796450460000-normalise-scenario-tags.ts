import type { MigrationInterface, QueryRunner } from "typeorm";
import { normaliseScenarioTags } from "../normalise-scenario-tags";

export class NormaliseScenarioTags1796450460000 implements MigrationInterface {
  name = "NormaliseScenarioTags1796450460000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await normaliseScenarioTags(queryRunner, () => "?");
  }

  // The tags as they were typed are not kept: normalised tags stay normalised.
  async down(): Promise<void> {}
}
