// What other modules may use of calls.
export type { CallService } from "./call.service";
export type { CallEventEntity } from "./call.entity";
export { CallEventType } from "./call.types";
