import type { Logger } from "../logger";

/**
 * Something that happened in a module, announced to whoever listens once its transaction committed. A module
 * declares its events in `<module>.events.ts` (exported through its face); services emit them with `tx.emit`;
 * the composition root (or a module's `<module>.subscribers.ts`) registers the listeners.
 */
export interface DomainEvent {
  readonly type: string;
}

/** An event's kind: builds events of that kind (`SkillLiveMoved({ projectId, name })`) and names them to `on`. */
export interface EventKind<E extends DomainEvent> {
  readonly type: E["type"];
  (fields: Omit<E, "type">): E;
}

/** Declares a kind of event; `type` is `<module>.<what happened>`. */
export function eventKind<E extends DomainEvent>(type: E["type"]): EventKind<E> {
  const build = (fields: Omit<E, "type">) => ({ ...fields, type }) as E;
  return Object.assign(build, { type });
}

export type EventListener<E extends DomainEvent> = (event: E) => void | Promise<void>;

/** Where the events of a committed change came from (logged beside a listener's failure). */
export interface EventOrigin {
  readonly requestId?: string;
}

/** Hands committed events to their listeners (Database.write calls it after commit). */
export interface EventDelivery {
  deliver(events: readonly DomainEvent[], origin: EventOrigin): Promise<void>;
}

/**
 * The listeners of every kind of event, and their delivery after commit: in the order the events were emitted and
 * the listeners registered; each listener on its own — one that fails is logged with the event's type and the
 * request id, and the others still run (SEC-19: the committed change still answers).
 */
export class DomainEvents implements EventDelivery {
  private readonly listeners = new Map<string, Array<EventListener<DomainEvent>>>();

  constructor(private readonly logger: Logger) {}

  on<E extends DomainEvent>(kind: EventKind<E>, listener: EventListener<E>): void {
    const listeners = this.listeners.get(kind.type) ?? [];
    listeners.push(listener as EventListener<DomainEvent>);
    this.listeners.set(kind.type, listeners);
  }

  async deliver(events: readonly DomainEvent[], origin: EventOrigin): Promise<void> {
    for (const event of events) {
      for (const listener of this.listeners.get(event.type) ?? []) {
        try {
          await listener(event);
        } catch (error) {
          this.logger.warn(
            { err: error, event: event.type, requestId: origin.requestId },
            "a listener of a committed change failed; the change stands and the other listeners ran",
          );
        }
      }
    }
  }
}
