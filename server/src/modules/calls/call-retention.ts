import type { Database } from "../../platform/db/database";
import { CallRepository } from "./call.repository";

/** RT-11: call events live for the retention period; afterwards they go, and those calls read `loaded: null`. */
export class CallRetention {
  constructor(private readonly db: Database) {}

  /** Deletes the events past their expiry and marks their calls; returns how many events went. */
  expireEvents(now = new Date()): Promise<number> {
    return this.db.write((tx) => new CallRepository(tx.manager).expireEvents(now));
  }
}
