import type { Tx } from "../../platform/db/database";
import type { AuditService } from "../audit";

export type VersionStateName = "draft" | "published" | "archived";

/** The versioned documents: what an audit entry, an approval and a publish gate name. */
export type VersionKind = "skill" | "agent";

/**
 * SEC-24: asked inside the publishing transaction, before the pointer moves, whether the version may go live (AP-1:
 * enough current approvals); it throws to refuse. The approvals module provides it through the composition root (it
 * sits above skills and agents); a rollback never asks (AP-3).
 */
export type PublishGate = (
  tx: Tx,
  version: { kind: VersionKind; projectId: string; versionId: string },
) => Promise<void>;

/** What a versioned document (a skill, an agent) must be for its live pointer to move. */
export interface VersionRow {
  id: string;
  version: number;
  state: VersionStateName;
  publishedAt: Date | null;
  archivedAt: Date | null;
  updatedAt: Date;
}

/** The queries a move needs, on the document's own tables, inside the caller's transaction (its row locked). */
export interface LivePointerStore<V extends VersionRow> {
  findPublished(): Promise<V | null>;
  setState(id: string, state: VersionStateName, at: Date): Promise<void>;
  /** Points the document at its new live version. */
  pointTo(versionId: string): Promise<void>;
}

export interface LivePointerMove<V extends VersionRow> {
  action: "publish" | "rollback";
  target: V;
  audit: AuditService;
  entry: { projectId: string; resourceType: VersionKind; actor: string };
  /** Asked before a publish (not a rollback) changes anything. */
  gate: PublishGate;
  /** What the audit entries say of a version (name, agent id, …). */
  describe(version: V): Record<string, unknown>;
}

/**
 * SV-3, SV-4, AG-1, AD-1, SEC-24: a publish passes the gate first (AP-1); then the target goes live and the version that was live is archived, with an audit entry for
 * each, in the caller's transaction. At most one published version is also enforced by a partial unique index.
 */
export async function moveLivePointer<V extends VersionRow>(
  tx: Tx,
  store: LivePointerStore<V>,
  move: LivePointerMove<V>,
): Promise<{ target: V; archived: V | null }> {
  const { target, action, entry, describe } = move;
  if (action === "publish") {
    await move.gate(tx, { kind: entry.resourceType, projectId: entry.projectId, versionId: target.id });
  }
  const now = new Date();
  const live = await store.findPublished();
  if (live) await store.setState(live.id, "archived", now);
  await store.setState(target.id, "published", now);
  await store.pointTo(target.id);
  await move.audit.record(
    tx,
    {
      ...entry,
      resourceId: target.id,
      action,
      data: { ...describe(target), ...(live ? { archived_version_id: live.id } : {}) },
    },
    ...(live ? [{ ...entry, resourceId: live.id, action: "archived", data: { ...describe(live), by: action } }] : []),
  );
  Object.assign(target, { state: "published", publishedAt: now, archivedAt: null, updatedAt: now });
  return { target, archived: live };
}
