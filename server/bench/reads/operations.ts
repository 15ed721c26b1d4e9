/** The reads CT-3 times: the console's own GraphQL documents (web/src/features), with the variables its pages send. */
import { skillName } from "../call-runtime/seed";
import type { SeedInfo } from "./seed";

const DAY = 86_400_000;

export interface Read {
  name: string;
  query: string;
  variables: (info: SeedInfo, run: number) => Record<string, unknown>;
}

const SKILLS_LIST = `query SkillsList($search: String, $state: VersionState, $page: Int!, $limit: Int!) {
  skills(search: $search, state: $state, page: $page, limit: $limit) {
    total page limit
    items { id name version state description createdBy createdByName updatedAt publishedAt review { status highest } }
  } }`;

const USAGE_ROW = `skill agentId agentName agentVersion agentVersionId agentState projectId pinned
  resolvesTo { id version state }`;

const SKILL_USAGE_GRAPH = `query SkillUsageGraph($name: String!) {
  skillUsage(name: $name) { ${USAGE_ROW} }
  live: skills(name: $name, state: PUBLISHED, limit: 1) { items { id version } }
  versions: skills(name: $name, limit: 1) { total }
  project { id name linkedProjects { id name } } }`;

export const AGENT_VERSION_FULL = `query AgentVersionFull($id: ID!) {
  agentVersion(id: $id) {
    id agentId name alias version state mode prompt maxLoadedSkills catalogBudget
    catalog { shown omitted budget }
    warnings handoffTargets knowledgeBaseIds createdBy createdByName updatedAt
    skills { name versionId }
    tools { name description parameters webhookUrl webhookSecret }
    model { baseUrl model apiKey }
    mcpServers { name url headers }
  } }`;

const AGENT_USAGE_GRAPH = `query AgentUsageGraph($id: ID!) {
  agentVersion(id: $id) { id agentId name version state skills { name versionId } skillUsage { ${USAGE_ROW} } } }`;

const CALLS_LIST = `query CallsList($agentId: ID, $page: Int!, $limit: Int!) {
  calls(agentId: $agentId, page: $page, limit: $limit) {
    total items { id status agentId agentName startedAt endedAt loadedSkills } } }`;

export const START_CALL = `mutation StartCall($input: StartCallInput!) { startCall(input: $input) {
  id status systemPrompt skills { name version versionId pinned } tools { name description source parameters } } }`;

/** The console's page of skills (web insight-documents.ts `InsightSkills`): it asks one more than it shows. */
const INSIGHT_SKILLS = `query InsightSkills($from: DateTime!, $to: DateTime!, $bucket: String!, $first: Int!, $after: String) {
  skillInsights(from: $from, to: $to, bucket: $bucket, first: $first, after: $after) {
    skill loadRate toolErrorRate successRate
    series { at starts loads evictions toolRuns toolErrors outcomes successes } } }`;

/**
 * The `first` the console sends for a range of `buckets` buckets: web insight-series.ts `skillsPerPage` (about 2,000
 * points a page, 5 to 50 skills) and one more, which says whether there is a next page.
 */
const first = (buckets: number) => Math.min(50, Math.max(5, Math.floor(2000 / buckets))) + 1;

/** The same page for one agent's skills (`agentId`: its calls' signals only); the API's, the console does not ask. */
const AGENT_INSIGHT_SKILLS = `query AgentInsightSkills($from: DateTime!, $to: DateTime!, $bucket: String!, $first: Int!, $agentId: ID) {
  skillInsights(from: $from, to: $to, bucket: $bucket, first: $first, agentId: $agentId) {
    skill loadRate toolErrorRate successRate
    series { at starts loads evictions toolRuns toolErrors outcomes successes } } }`;

const SKILL_INSIGHT = `query SkillInsight($from: DateTime!, $to: DateTime!, $skill: String!) {
  skillInsights(from: $from, to: $to, bucket: "day", skill: $skill) {
    skill loadRate toolErrorRate successRate series { at starts loads toolRuns toolErrors outcomes successes } } }`;

const UNUSED = `query Unused($from: DateTime!, $to: DateTime!) { unusedSkills(from: $from, to: $to) }`;

const CAP_ADVICE = `query CapAdvice($from: DateTime!, $to: DateTime!) {
  capAdvice(from: $from, to: $to) { agentId agentName maxLoadedSkills evictions suggestedMax } }`;

const range = (info: SeedInfo, days: number) => {
  const to = info.end + 3_600_000;
  return { from: new Date(to - days * DAY).toISOString(), to: new Date(to).toISOString() };
};

/** `agentVersionId`: the busiest agent's published version (the agent page's route names a version). */
export function reads(agentVersionId: (info: SeedInfo) => string): Read[] {
  return [
    {
      name: "skills list (page 1 of 20)",
      query: SKILLS_LIST,
      variables: () => ({ search: null, state: null, page: 1, limit: 20 }),
    },
    {
      name: "skills list (live, page 5)",
      query: SKILLS_LIST,
      variables: () => ({ search: null, state: "PUBLISHED", page: 5, limit: 20 }),
    },
    {
      name: "skill search (part of a name)",
      query: SKILLS_LIST,
      // the skills list's filter: the most listed skill's name less its first letter (its versions, and any other's
      // whose name contains it)
      variables: (info) => ({ search: info.mostUsedSkill.slice(1), state: null, page: 1, limit: 20 }),
    },
    { name: "who uses a skill", query: SKILL_USAGE_GRAPH, variables: (info) => ({ name: info.mostUsedSkill }) },
    { name: "agent page: version", query: AGENT_VERSION_FULL, variables: (info) => ({ id: agentVersionId(info) }) },
    {
      name: "agent page: add a skill (search, no match)",
      // the console's "Add a skill": a text no name contains reads every live version's name
      query: `query LiveSkillNames($search: String) { skills(state: PUBLISHED, search: $search, limit: 20) { items { id name } } }`,
      variables: () => ({ search: "no-such-skill" }),
    },
    {
      name: "agent page: live versions of 20 entries",
      query: `query LiveVersionsOf($names: [String!]!) {
        skills(state: PUBLISHED, names: $names, limit: 200) { items { id name version } } }`,
      variables: () => ({ names: Array.from({ length: 20 }, (_, i) => skillName(i)) }),
    },
    { name: "agent page: usage", query: AGENT_USAGE_GRAPH, variables: (info) => ({ id: agentVersionId(info) }) },
    {
      name: "agent page: its calls",
      query: CALLS_LIST,
      variables: (info) => ({ agentId: info.busiestAgentId, page: 1, limit: 50 }),
    },
    {
      name: "call start (startCall)",
      query: START_CALL,
      variables: (info) => ({ input: { agentId: info.busiestAgentId, variables: { caller: "Ada Lovelace" } } }),
    },
    // every skill a page at a time, as the console reads them: its first page, and the page after the most listed
    // skill's name (a page in the middle of the names: a fifth of them at 1%, three fifths at 100%)
    {
      name: "insights: 7 days by hour, paged: first 11 skills",
      query: INSIGHT_SKILLS,
      variables: (info) => ({ ...range(info, 7), bucket: "hour", first: first(7 * 24), after: null }),
    },
    {
      name: "insights: 7 days by hour, paged: 11 after a name",
      query: INSIGHT_SKILLS,
      variables: (info) => ({ ...range(info, 7), bucket: "hour", first: first(7 * 24), after: info.mostUsedSkill }),
    },
    {
      name: "insights: a year by day, paged: first 5 skills",
      query: INSIGHT_SKILLS,
      variables: (info) => ({ ...range(info, 365), bucket: "day", first: first(365), after: null }),
    },
    {
      name: "insights: a year by day, paged: 5 after a name",
      query: INSIGHT_SKILLS,
      variables: (info) => ({ ...range(info, 365), bucket: "day", first: first(365), after: info.mostUsedSkill }),
    },
    {
      name: "insights: one agent, 7 days by hour, paged",
      query: AGENT_INSIGHT_SKILLS,
      variables: (info) => ({ ...range(info, 7), bucket: "hour", first: first(7 * 24), agentId: info.busiestAgentId }),
    },
    {
      name: "insights: one agent, a year by day, paged",
      query: AGENT_INSIGHT_SKILLS,
      variables: (info) => ({ ...range(info, 365), bucket: "day", first: first(365), agentId: info.busiestAgentId }),
    },
    {
      name: "insights: one skill, a year",
      query: SKILL_INSIGHT,
      variables: (info) => ({ ...range(info, 365), skill: info.mostUsedSkill }),
    },
    { name: "insights: unused skills, a year", query: UNUSED, variables: (info) => range(info, 365) },
    { name: "insights: cap advice, a year", query: CAP_ADVICE, variables: (info) => range(info, 365) },
  ];
}
