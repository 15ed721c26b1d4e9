import { graphql } from "../../gql";

export const CALL_EVENT_FIELDS = graphql(`
  fragment CallEventFields on CallEvent {
    id
    type
    at
    data
    loadedAfter
    systemPromptAfter
    toolsAfter {
      name
      description
      source
    }
  }
`);

export const CALL_FIELDS = graphql(`
  fragment CallFields on Call {
    id
    status
    agentId
    agentName
    startedAt
    endedAt
    warnings
    loadedSkills
    systemPrompt
    skills {
      ...ResolvedSkillFields
    }
    catalog {
      ...CatalogFields
    }
    tools {
      name
      description
      source
    }
    events {
      ...CallEventFields
    }
    toolInvocations {
      ...ToolInvocationFields
    }
  }
`);

/** What a call or a chat session resolved (RT-10, TX-1), as ResolvedSkills shows it. */
export const RESOLVED_SKILL_FIELDS = graphql(`
  fragment ResolvedSkillFields on CallSkill {
    name
    version
    versionId
    pinned
    loaded
  }
`);

/** CT-1: what the catalog in the prompt showed of the skills, as ResolvedSkills shows it. */
export const CATALOG_FIELDS = graphql(`
  fragment CatalogFields on CallCatalog {
    shown
    omitted
    budget
  }
`);

export const TOOL_INVOCATION_FIELDS = graphql(`
  fragment ToolInvocationFields on ToolInvocation {
    id
    tool
    source
    arguments
    status
    result
    error
    latencyMs
    at
  }
`);

/** UX-5: the call's events so far, then each new one as it is recorded (graphql-ws); completes after call.ended. */
export const CALL_EVENTS = graphql(`
  subscription CallEvents($callId: ID!) {
    callEvents(callId: $callId) {
      ...CallEventFields
    }
  }
`);

/** UX-5: the call's tool runs so far, then each new one as it is recorded (graphql-ws); completes once it ended. */
export const CALL_TOOL_INVOCATIONS = graphql(`
  subscription CallToolInvocations($callId: ID!) {
    callToolInvocations(callId: $callId) {
      ...ToolInvocationFields
    }
  }
`);

export const CALLS_LIST = graphql(`
  query CallsList(
    $agentId: ID
    $skillName: String
    $status: String
    $startedAfter: DateTime
    $startedBefore: DateTime
    $page: Int!
    $limit: Int!
  ) {
    calls(
      agentId: $agentId
      skillName: $skillName
      status: $status
      startedAfter: $startedAfter
      startedBefore: $startedBefore
      page: $page
      limit: $limit
    ) {
      total
      items {
        id
        status
        agentId
        agentName
        startedAt
        endedAt
        loadedSkills
      }
    }
  }
`);

export const READ_CALL = graphql(`
  query ReadCall($id: ID!) {
    call(id: $id) {
      ...CallFields
    }
  }
`);

export const START_CALL = graphql(`
  mutation StartCall($input: StartCallInput!) {
    startCall(input: $input) {
      ...CallFields
    }
  }
`);

export const LOAD_SKILL = graphql(`
  mutation LoadSkill($callId: ID!, $name: String!) {
    loadSkill(callId: $callId, name: $name) {
      status
      skill
      unloaded
      message
      call {
        ...CallFields
      }
    }
  }
`);

export const RUN_TOOL = graphql(`
  mutation RunTool($callId: ID!, $name: String!, $arguments: JSON!) {
    runTool(callId: $callId, name: $name, arguments: $arguments) {
      id
      tool
      status
      result
      error
      latencyMs
    }
  }
`);

export const END_CALL = graphql(`
  mutation EndCall($callId: ID!) {
    endCall(callId: $callId) {
      ...CallFields
    }
  }
`);
