import { graphql } from "../../gql";

export const EVAL_RUN_SUMMARY = graphql(`
  fragment EvalRunSummary on EvalRun {
    id
    status
    progress
    passRate
    total
    error
    warnings
    createdAt
    finishedAt
  }
`);

export const EVAL_RUNS = graphql(`
  query EvalRuns($page: Int!, $limit: Int!) {
    evalRuns(page: $page, limit: $limit) {
      total
      items {
        ...EvalRunSummary
      }
    }
  }
`);

export const EVAL_RUN = graphql(`
  query EvalRun($id: ID!) {
    evalRun(id: $id) {
      ...EvalRunSummary
      resolvedConfig
      results {
        scenarioId
        agentId
        iteration
        passed
        transcript
        toolCalls
        expectations
      }
    }
  }
`);

export const START_EVAL_RUN = graphql(`
  mutation StartEvalRun($input: StartEvalRunInput!) {
    startEvalRun(input: $input) {
      ...EvalRunSummary
    }
  }
`);

export const EVAL_AGENTS = graphql(`
  query EvalAgents {
    agents(state: PUBLISHED, limit: 200) {
      items {
        agentId
        name
      }
    }
  }
`);

export const EVAL_SCENARIOS = graphql(`
  query EvalScenarios($tag: String, $page: Int!, $limit: Int!) {
    evalScenarios(tag: $tag, page: $page, limit: $limit) {
      total
      items {
        id
        name
        tags
        turns
        expectations
        mocks
        mockOnly
        variables
        createdAt
      }
    }
  }
`);

export const SAVE_EVAL_SCENARIO = graphql(`
  mutation SaveEvalScenario($input: EvalScenarioInput!, $id: ID) {
    saveEvalScenario(input: $input, id: $id) {
      id
      name
    }
  }
`);

export const DELETE_EVAL_SCENARIO = graphql(`
  mutation DeleteEvalScenario($id: ID!) {
    deleteEvalScenario(id: $id)
  }
`);

export const PUBLISH_EVALUATION = graphql(`
  query PublishEvaluation($versionId: ID!, $iterations: Int!) {
    publishPreview(versionId: $versionId) {
      evaluation(iterations: $iterations) {
        tag
        iterations
        scenarios
        warnings
        agents {
          agentId
          agentName
          candidate {
            version
            results
            passed
            loaded
          }
          live {
            version
            results
            passed
            loaded
          }
        }
      }
    }
  }
`);
