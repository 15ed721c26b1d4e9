/** RO-3: one arm's signals over the calls and sessions that resolved the skill under a rollout. */
export interface ArmCounts {
  /** Calls and sessions that resolved the skill under that rollout and arm. */
  starts: number;
  /** Those that loaded it at least once. */
  loads: number;
  /** Runs of the skill's own tools in those, and how many failed. */
  toolRuns: number;
  toolErrors: number;
  /** Reported outcomes of those calls and sessions, and how many were successes. */
  outcomes: number;
  successes: number;
}

export interface RolloutArms {
  live: ArmCounts;
  candidate: ArmCounts;
}

export const noCounts = (): ArmCounts => ({
  starts: 0,
  loads: 0,
  toolRuns: 0,
  toolErrors: 0,
  outcomes: 0,
  successes: 0,
});
