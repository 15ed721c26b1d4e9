import type { CallState } from "../calls";

/** A session's state: a call's (one segment, the loaded set, the variables), plus every version ever loaded. */
export interface ChatState extends CallState {
  /** Version ids loaded at any point of the session (an unloaded skill stays): `ChatSession.skills[].loaded`. */
  loadedEver: string[];
}
