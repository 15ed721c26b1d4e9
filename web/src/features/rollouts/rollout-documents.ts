import { graphql } from "../../gql";

export const ROLLOUT_ARM_FIELDS = graphql(`
  fragment RolloutArmFields on RolloutArm {
    arm
    version {
      id
      version
    }
    starts
    loads
    loadRate
    toolRuns
    toolErrors
    toolErrorRate
    outcomes
    successRate
    evalPassRate
  }
`);

export const ROLLOUT_FIELDS = graphql(`
  fragment RolloutFields on Rollout {
    id
    skill
    status
    percent
    steps
    stepIndex
    stepMinutes
    nextStepAt
    evalTag
    endReason
    startedAt
    endedAt
    candidate {
      id
      version
    }
    live {
      id
      version
    }
    guards {
      metric
      maxDegradation
      minSamples
      alpha
      tripped
      verdict
      evidence {
        liveSamples
        candidateSamples
        live
        candidate
        differenceLow
        differenceHigh
        samplesNeeded
      }
    }
    arms {
      ...RolloutArmFields
    }
    events {
      at
      kind
      percent
      detail
      actorName
    }
  }
`);

export const READ_ROLLOUT = graphql(`
  query ReadRollout($id: ID!) {
    rollout(id: $id) {
      ...RolloutFields
    }
  }
`);

/** UX-8: the rollout now, then after each change and every few seconds with its arms' signals (graphql-ws). */
export const ROLLOUT_UPDATES = graphql(`
  subscription RolloutUpdates($id: ID!) {
    rolloutUpdates(id: $id) {
      ...RolloutFields
    }
  }
`);

export const ROLLOUTS_LIST = graphql(`
  query RolloutsList($skill: String, $status: String, $page: Int!, $limit: Int!) {
    rollouts(skill: $skill, status: $status, page: $page, limit: $limit) {
      total
      page
      limit
      items {
        id
        skill
        status
        percent
        steps
        startedAt
        endedAt
        endReason
        candidate {
          id
          version
        }
        live {
          id
          version
        }
      }
    }
  }
`);

/** The skills whose rollout runs or is paused (the skills list's badges, the skill page's notice). */
export const ACTIVE_ROLLOUTS = graphql(`
  query ActiveRollouts($skill: String) {
    running: rollouts(skill: $skill, status: "running", limit: 100) {
      items {
        id
        skill
        status
        percent
        candidate {
          id
          version
        }
      }
    }
    paused: rollouts(skill: $skill, status: "paused", limit: 100) {
      items {
        id
        skill
        status
        percent
        candidate {
          id
          version
        }
      }
    }
  }
`);

/** RO-4, UX-8: the start form's forecast — each guard's samples per arm, and the time they take at recent traffic. */
export const ROLLOUT_FORECAST = graphql(`
  query RolloutForecast($input: StartRolloutInput!) {
    rolloutForecast(input: $input) {
      days
      agents
      calls
      guards {
        metric
        maxDegradation
        rate
        rateFromTraffic
        samplesPerArm
        samplesPerDay
        minutes
        coverage
        steps
      }
    }
  }
`);

export const START_ROLLOUT = graphql(`
  mutation StartRollout($input: StartRolloutInput!) {
    startRollout(input: $input) {
      id
      skill
    }
  }
`);

export const ADVANCE_ROLLOUT = graphql(`
  mutation AdvanceRollout($id: ID!) {
    advanceRollout(id: $id) {
      ...RolloutFields
    }
  }
`);

export const PAUSE_ROLLOUT = graphql(`
  mutation PauseRollout($id: ID!) {
    pauseRollout(id: $id) {
      ...RolloutFields
    }
  }
`);

export const RESUME_ROLLOUT = graphql(`
  mutation ResumeRollout($id: ID!) {
    resumeRollout(id: $id) {
      ...RolloutFields
    }
  }
`);

export const ABORT_ROLLOUT = graphql(`
  mutation AbortRollout($id: ID!, $reason: String!) {
    abortRollout(id: $id, reason: $reason) {
      ...RolloutFields
    }
  }
`);

export const CHECK_ROLLOUT = graphql(`
  mutation CheckRollout($id: ID!) {
    checkRollout(id: $id) {
      ...RolloutFields
    }
  }
`);
