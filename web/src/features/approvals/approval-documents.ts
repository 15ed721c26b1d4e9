import { graphql } from "../../gql";

export const APPROVAL_FIELDS = graphql(`
  fragment ApprovalFields on Approval {
    id
    digest
    approvedBy
    approvedByName
    current
    createdAt
    mayWithdraw
  }
`);

/** AP-1..3: a version's digest, its approvals and why this key may not approve it, with the project's policy. */
export const SKILL_VERSION_REVIEW = graphql(`
  query SkillVersionReview($id: ID!) {
    project {
      id
      publishPolicy {
        requiredApprovals
        allowSelfApproval
      }
    }
    skillVersion(id: $id) {
      id
      state
      digest
      approvalRefusal
      approvals {
        ...ApprovalFields
      }
    }
  }
`);

export const AGENT_VERSION_REVIEW = graphql(`
  query AgentVersionReview($id: ID!) {
    project {
      id
      publishPolicy {
        requiredApprovals
        allowSelfApproval
      }
    }
    agentVersion(id: $id) {
      id
      state
      digest
      approvalRefusal
      approvals {
        ...ApprovalFields
      }
    }
  }
`);

export const APPROVE_VERSION = graphql(`
  mutation ApproveVersion($versionId: ID!, $digest: String!) {
    approveVersion(versionId: $versionId, digest: $digest) {
      ...ApprovalFields
    }
  }
`);

export const WITHDRAW_APPROVAL = graphql(`
  mutation WithdrawApproval($id: ID!) {
    withdrawApproval(id: $id)
  }
`);

export const PUBLISH_POLICY = graphql(`
  query PublishPolicy {
    project {
      id
      publishPolicy {
        requiredApprovals
        allowSelfApproval
        blockSeverity
      }
    }
  }
`);

export const SET_PUBLISH_POLICY = graphql(`
  mutation SetPublishPolicy($requiredApprovals: Int!, $allowSelfApproval: Boolean, $blockSeverity: FindingSeverity) {
    setPublishPolicy(
      requiredApprovals: $requiredApprovals
      allowSelfApproval: $allowSelfApproval
      blockSeverity: $blockSeverity
    ) {
      requiredApprovals
      allowSelfApproval
      blockSeverity
    }
  }
`);
