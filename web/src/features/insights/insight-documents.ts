import { graphql } from "../../gql";

export const INSIGHTS_PAGE = graphql(`
  query InsightsPage($from: DateTime!, $to: DateTime!, $bucket: String!) {
    skillInsights(from: $from, to: $to, bucket: $bucket) {
      skill
      loadRate
      toolErrorRate
      successRate
      series {
        at
        starts
        loads
        evictions
        toolRuns
        toolErrors
        outcomes
        successes
      }
    }
    unusedSkills(from: $from, to: $to)
    capAdvice(from: $from, to: $to) {
      agentId
      agentName
      maxLoadedSkills
      evictions
      suggestedMax
    }
    agents(page: 1, limit: 200) {
      items {
        id
        agentId
        state
      }
    }
  }
`);

export const SKILL_INSIGHT = graphql(`
  query SkillInsight($from: DateTime!, $to: DateTime!, $skill: String!) {
    skillInsights(from: $from, to: $to, bucket: "day", skill: $skill) {
      skill
      loadRate
      toolErrorRate
      successRate
      series {
        at
        starts
        loads
        toolRuns
        toolErrors
        outcomes
        successes
      }
    }
  }
`);
