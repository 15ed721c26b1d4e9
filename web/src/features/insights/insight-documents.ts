import { graphql } from "../../gql";

/**
 * A page of the insights' skills (CT-3: at 10,000 skills a year of every skill was 173 MB): `first` skills after the
 * name `after`; the page asks one more than it shows to know whether there is a next page.
 */
export const INSIGHT_SKILLS = graphql(`
  query InsightSkills($from: DateTime!, $to: DateTime!, $bucket: String!, $first: Int!, $after: String) {
    skillInsights(from: $from, to: $to, bucket: $bucket, first: $first, after: $after) {
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
  }
`);

/** The insights page's panels beside the skills: never loaded, cap advice, and the agents cap advice links to. */
export const INSIGHTS_PAGE = graphql(`
  query InsightsPage($from: DateTime!, $to: DateTime!) {
    unusedSkills(from: $from, to: $to)
    capAdvice(from: $from, to: $to) {
      agentId
      agentName
      maxLoadedSkills
      evictions
      suggestedMax
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
