import { createHash } from "node:crypto";
import type { Database, Tx } from "../../platform/db/database";
import type { SigningKey } from "../../platform/signing-key";
import { approvalsOfDigest } from "../approvals";
import { reviewSummaryOf } from "../review";
import type { SkillDigests, SkillVersionEntity } from "../skills";
import { IN_TOTO_PAYLOAD_TYPE, signEnvelope, type DsseEnvelope } from "./dsse";
import { SigningKeyEntity, SkillAttestationEntity } from "./provenance.entity";
import { ProvenanceRepository } from "./provenance.repository";
import { publishStatement, type AttestedFile } from "./statement";

/** The JWKS served at /.well-known/skillgraph/keys.json: every key this deployment signed with, oldest first. */
export interface Jwks {
  keys: Array<Record<string, string>>;
}

/**
 * PV-1, PV-2: the deployment's signing key and the attestations it signs. `attest` runs inside every publish's
 * transaction (the skills module's one publish path calls it through its `PublishAttestor` port), so a version is
 * never live without its attestation and an attestation never outlives a publish that rolled back.
 */
export class ProvenanceService {
  constructor(
    private readonly db: Database,
    private readonly key: SigningKey,
    private readonly digests: SkillDigests,
  ) {}

  get kid(): string {
    return this.key.kid;
  }

  /** At start: the current public key joins the served set the first time the deployment runs with it. */
  async registerKey(): Promise<void> {
    const row = Object.assign(new SigningKeyEntity(), {
      kid: this.key.kid,
      jwk: { ...this.key.jwk },
      firstUsedAt: new Date(),
    });
    await this.db.write((tx) => new ProvenanceRepository(tx.manager).registerKey(row));
  }

  /** PV-1: current and retired public keys. Never the private key. */
  async jwks(): Promise<Jwks> {
    const rows = await this.db.read((m) => new ProvenanceRepository(m).keys());
    const keys = rows.map((r) => r.jwk);
    if (!rows.some((r) => r.kid === this.key.kid)) keys.push({ ...this.key.jwk });
    return { keys };
  }

  /** PV-2: signs the statement of `version` going live, in the publishing transaction, and stores the envelope. */
  async attest(tx: Tx, version: SkillVersionEntity, actor: string): Promise<DsseEnvelope> {
    const current = await this.digests.ofVersion(tx.manager, version);
    const skillMd = Buffer.from(version.skillMd, "utf8");
    const files: AttestedFile[] = [
      { path: "SKILL.md", sha256: createHash("sha256").update(skillMd).digest("hex"), size: skillMd.length },
      ...current.files.map((f) => ({ path: f.path, sha256: f.sha256, size: f.size })),
    ];
    const publishedAt = version.publishedAt ?? new Date();
    const statement = publishStatement(current.digest, {
      projectId: version.projectId,
      skill: version.name,
      version: version.version,
      versionId: version.id,
      publishedAt: publishedAt.toISOString(),
      publishedBy: actor,
      approvals: await approvalsOfDigest(tx.manager, version.id, current.digest),
      review: await reviewSummaryOf(tx.manager, version.id),
      files,
    });
    const body = Buffer.from(JSON.stringify(statement), "utf8");
    const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, body, this.key.privateKey, this.key.kid);
    await new ProvenanceRepository(tx.manager).saveAttestation(
      Object.assign(new SkillAttestationEntity(), {
        versionId: version.id,
        projectId: version.projectId,
        kid: this.key.kid,
        envelope,
        signedAt: publishedAt,
      }),
    );
    return envelope;
  }

  /**
   * The attestations of versions the caller already read (in `projectId`'s scope when it is given; a request's
   * loader's versions were scoped by the resolver above), by version id.
   */
  async attestationsOf(versionIds: readonly string[], projectId?: string): Promise<Map<string, DsseEnvelope>> {
    const rows = await this.db.read((m) => new ProvenanceRepository(m).attestationsOf(versionIds, projectId));
    return new Map(rows.map((r) => [r.versionId, r.envelope]));
  }
}
