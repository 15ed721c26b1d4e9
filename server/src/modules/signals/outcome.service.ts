import { randomUUID } from "node:crypto";
import type { Database } from "../../platform/db/database";
import { Invalid, NotFound } from "../../platform/errors";
import type { AuthContext, AuthService } from "../auth";
import { OutcomeEntity } from "./signal.entity";
import { deltaRow } from "./signal-delta";
import { SignalsRepository, type OutcomeOwner } from "./signals.repository";

export interface ReportOutcomeInput {
  callId?: string | null;
  sessionId?: string | null;
  success: boolean;
  score?: number | null;
  note?: string | null;
}

/**
 * RO-3: `reportOutcome` for a call or a chat session of the request's project: one outcome per owner, a second
 * replaces the first; the per-skill signals of the owner's skills change with it in the same transaction.
 */
export class OutcomeService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
  ) {}

  async report(ctx: AuthContext, input: ReportOutcomeInput): Promise<OutcomeEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    if (Boolean(input.callId) === Boolean(input.sessionId))
      throw Invalid.field("call_id", "Give exactly one of callId (a call) or sessionId (a chat session).");
    const score = input.score ?? null;
    if (score !== null && !(Number.isFinite(score) && score >= 0 && score <= 1))
      throw Invalid.field("score", "score must be a number from 0 to 1.", { score });
    const kind: OutcomeOwner = input.callId ? "call" : "session";
    const ownerId = (input.callId ?? input.sessionId)!;
    return this.db.write(async (tx) => {
      const repo = new SignalsRepository(tx.manager);
      const owner = await repo.owner(scope.projectId, kind, ownerId);
      if (!owner) throw new NotFound(kind === "call" ? "The call" : "The chat session");
      const previous = await repo.findOutcome(kind, ownerId);
      const outcome = Object.assign(new OutcomeEntity(), {
        id: previous?.id ?? randomUUID(),
        projectId: scope.projectId,
        callId: kind === "call" ? ownerId : null,
        sessionId: kind === "session" ? ownerId : null,
        success: input.success,
        score,
        note: input.note ?? null,
        reportedAt: new Date(),
      });
      await repo.saveOutcome(outcome, previous !== null);
      // the signals: one more outcome, or the previous one's success replaced by this one's
      const outcomes = previous ? 0 : 1;
      const successes = Number(input.success) - Number(previous?.success ?? false);
      if (outcomes !== 0 || successes !== 0) {
        const names = await repo.skillNames(kind, ownerId);
        await repo.insertDeltas(
          names.map((skill) => deltaRow({ projectId: scope.projectId, skill, ...owner }, { outcomes, successes })),
        );
      }
      return outcome;
    }, scope);
  }

  /** Outcomes of owners the caller read in its project (the loaders' batch). */
  outcomesOf(kind: OutcomeOwner, ids: readonly string[]): Promise<OutcomeEntity[]> {
    return this.db.read((m) => new SignalsRepository(m).outcomesOf(kind, ids));
  }
}
