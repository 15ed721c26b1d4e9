import { In } from "typeorm";
import { BaseRepository } from "../../platform/db/repository";
import { SigningKeyEntity, SkillAttestationEntity } from "./provenance.entity";

/** The only place that builds queries on signing keys and attestations. */
export class ProvenanceRepository extends BaseRepository {
  private get attestations() {
    return this.m.getRepository(SkillAttestationEntity);
  }

  /** Records a public key the first time any instance starts with it; a second instance's insert does nothing. */
  async registerKey(key: SigningKeyEntity): Promise<void> {
    await this.m.createQueryBuilder().insert().into(SigningKeyEntity).values(key).orIgnore().execute();
  }

  keys(): Promise<SigningKeyEntity[]> {
    return this.m.getRepository(SigningKeyEntity).find({ order: { firstUsedAt: "ASC", kid: "ASC" } });
  }

  async saveAttestation(attestation: SkillAttestationEntity): Promise<void> {
    const { version: _version, ...row } = attestation;
    await this.attestations.upsert(row, ["versionId"]);
  }

  /** Attestations of versions, of `projectId`'s only when it is given (a loader's versions were read in scope). */
  attestationsOf(versionIds: readonly string[], projectId?: string): Promise<SkillAttestationEntity[]> {
    if (versionIds.length === 0) return Promise.resolve([]);
    const versionId = In([...versionIds]);
    return this.attestations.findBy(projectId === undefined ? { versionId } : { projectId, versionId });
  }
}
