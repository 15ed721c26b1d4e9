import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { IdColumn, JsonColumn, TextColumn, TimestampColumn } from "../../platform/db/columns";
import type { SkillVersionEntity } from "../skills";
import type { DsseEnvelope } from "./dsse";

/**
 * PV-1: every public key this deployment has signed with, recorded the first time an instance starts with it, so a
 * rotated key's attestations still verify against the JWKS. Public keys only: the private key is never stored here.
 */
@Entity({ name: "signing_keys" })
export class SigningKeyEntity {
  /** The RFC 7638 thumbprint of the public key. */
  @PrimaryColumn({ type: "varchar", length: 64, name: "kid" })
  kid!: string;

  /** The public JWK as served (`kty`, `crv`, `x`, `kid`, `alg`, `use`). */
  @JsonColumn("jwk")
  jwk!: Record<string, string>;

  @TimestampColumn("first_used_at")
  firstUsedAt!: Date;
}

/** PV-2: the attestation signed when a skill version went live, written in that publish's transaction. */
@Entity({ name: "skill_attestations" })
@Index("idx_skill_attestations_project", ["projectId"])
export class SkillAttestationEntity {
  @PrimaryColumn({ type: "varchar", length: 36, name: "version_id" })
  versionId!: string;

  @ManyToOne("SkillVersionEntity", { onDelete: "CASCADE" })
  @JoinColumn({ name: "version_id" })
  version?: SkillVersionEntity;

  @IdColumn("project_id")
  projectId!: string;

  @TextColumn("kid", { length: 64 })
  kid!: string;

  @JsonColumn("envelope")
  envelope!: DsseEnvelope;

  @TimestampColumn("signed_at")
  signedAt!: Date;
}
