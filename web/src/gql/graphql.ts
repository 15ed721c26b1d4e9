/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends " $fragmentName" | "__typename" ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from "@graphql-typed-document-node/core";
export type AgentInput = {
  alias?: string | null | undefined;
  /** Agent ids offered to handoff_to_agent. */
  handoffTargets?: Array<string | number> | null | undefined;
  knowledgeBaseIds?: Array<string | number> | null | undefined;
  /** 1–10 (AG-1). */
  maxLoadedSkills?: number | null | undefined;
  mcpServers?: Array<McpServerInput> | null | undefined;
  mode?: AgentMode | null | undefined;
  model?: ModelConfigInput | null | undefined;
  name: string;
  prompt?: string | null | undefined;
  skills?: Array<AgentSkillEntryInput> | null | undefined;
  tools?: Array<SkillToolInput> | null | undefined;
};

export type AgentMode = "CASCADE" | "SPEECH_TO_SPEECH";

export type AgentSkillEntryInput = {
  name: string;
  /** Pins this version (by its id); leave it out to follow the live version. */
  versionId?: string | number | null | undefined;
};

export type ApiKeyRole = "ADMIN" | "EDITOR" | "VIEWER";

export type EvalExpectationInput = {
  /** FUNCTION_CALL: arguments the call includes (a subset match). */
  arguments?: unknown;
  kind: EvalExpectationKind;
  /** REPLY_CONTAINS / REPLY_NOT_CONTAINS: in the last reply. */
  text?: string | null | undefined;
  /** FUNCTION_CALL: the tool some round of the replies calls. */
  tool?: string | null | undefined;
};

export type EvalExpectationKind = "FUNCTION_CALL" | "REPLY_CONTAINS" | "REPLY_NOT_CONTAINS";

export type EvalMockInput = {
  /** Given: the tool fails with this message instead. */
  error?: string | null | undefined;
  /** The tool's result. */
  result?: unknown;
  /** Any tool but load_skill (EV-2). */
  tool: string;
};

export type EvalScenarioInput = {
  expectations: Array<EvalExpectationInput>;
  /** A tool with no mock is refused (load_skill and the other built-ins still run). */
  mockOnly?: boolean | null | undefined;
  mocks?: Array<EvalMockInput> | null | undefined;
  name: string;
  /** e.g. "skill:explain_bill" (EV-4) */
  tags?: Array<string> | null | undefined;
  /** User messages of one conversation, in order. */
  turns: Array<string>;
  /** Template variables of the conversation. */
  variables?: unknown;
};

export type EvalTargetInput = {
  /** A stored agent: its published version. */
  agentId?: string | number | null | undefined;
  /** An agent defined for this run. */
  inlineAgent?: AgentInput | null | undefined;
  /** A skill's name: every agent of this project skillUsage(name) lists, published version (EV-4). */
  skillUsage?: string | null | undefined;
};

export type KnowledgeBaseInput = {
  description?: string | null | undefined;
  name: string;
  similarityThreshold?: number | null | undefined;
  topK?: number | null | undefined;
};

export type KnowledgeMode = "PROMPT" | "TOOL";

export type LoadSkillStatus = "ALREADY_LOADED" | "LOADED" | "UNKNOWN_SKILL";

export type McpServerInput = {
  /** Header names to values, write-only: "***" keeps the stored value. */
  headers?: unknown;
  name: string;
  url: string;
};

export type ModelConfigInput = {
  /** Write-only. Omit it, or send "***", to keep the stored one. */
  apiKey?: string | null | undefined;
  baseUrl: string;
  model: string;
};

export type SkillFileInput = {
  contentBase64: string;
  path: string;
};

export type SkillKnowledgeBaseInput = {
  knowledgeBaseId: string | number;
  mode: KnowledgeMode;
};

export type SkillToolInput = {
  description: string;
  name: string;
  /** A JSON Schema of type object; default: no arguments. */
  parameters?: unknown;
  /** Write-only. Omit it, or send "***", to keep the stored one. */
  webhookSecret?: string | null | undefined;
  webhookUrl: string;
};

export type SkillVersionInput = {
  files?: Array<SkillFileInput> | null | undefined;
  knowledgeBases?: Array<SkillKnowledgeBaseInput> | null | undefined;
  skillMd: string;
  tools?: Array<SkillToolInput> | null | undefined;
};

export type StartCallInput = {
  agentId?: string | number | null | undefined;
  inlineAgent?: AgentInput | null | undefined;
  variables?: unknown;
};

export type StartEvalRunInput = {
  /** 1 to 1000. */
  iterations?: number | null | undefined;
  scenarioIds?: Array<string | number> | null | undefined;
  /** Scenarios with this tag; default for a skillUsage target: skill:<name>; none: every scenario. */
  tag?: string | null | undefined;
  target: EvalTargetInput;
};

export type VersionState = "ARCHIVED" | "DRAFT" | "PUBLISHED";

export type ApiKeysQueryVariables = Exact<{ [key: string]: never }>;

export type ApiKeysQuery = {
  apiKeys: Array<{
    id: string;
    name: string | null;
    prefix: string;
    role: ApiKeyRole;
    createdAt: string;
    revokedAt: string | null;
  }>;
};

export type CreateApiKeyMutationVariables = Exact<{
  name?: string | null | undefined;
  role: ApiKeyRole;
}>;

export type CreateApiKeyMutation = { createApiKey: { id: string; key: string; role: ApiKeyRole } };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string | number;
}>;

export type RevokeApiKeyMutation = { revokeApiKey: string };

export type WebhooksQueryVariables = Exact<{ [key: string]: never }>;

export type WebhooksQuery = {
  webhookSubscriptions: Array<{ id: string; url: string; eventTypes: Array<string>; createdAt: string }>;
};

export type WebhookDeliveriesQueryVariables = Exact<{
  subscriptionId?: string | number | null | undefined;
  status?: string | null | undefined;
  page: number;
  limit: number;
}>;

export type WebhookDeliveriesQuery = {
  webhookDeliveries: {
    total: number;
    items: Array<{
      id: string;
      webhookId: string;
      subscriptionId: string;
      eventType: string;
      status: string;
      attempts: number;
      createdAt: string;
      deliveredAt: string | null;
      nextAttemptAt: string | null;
      lastError: string | null;
      payload: unknown;
      attemptLog: Array<{ at: string; httpStatus: number | null; durationMs: number; error: string | null }>;
    }>;
  };
};

export type CreateWebhookMutationVariables = Exact<{
  url: string;
  eventTypes: Array<string> | string;
}>;

export type CreateWebhookMutation = {
  createWebhookSubscription: { secret: string; subscription: { id: string; url: string } };
};

export type DeleteWebhookMutationVariables = Exact<{
  id: string | number;
}>;

export type DeleteWebhookMutation = { deleteWebhookSubscription: string };

export type RedeliverWebhookMutationVariables = Exact<{
  deliveryId: string | number;
}>;

export type RedeliverWebhookMutation = {
  redeliverWebhook: { id: string; status: string; attempts: number; nextAttemptAt: string | null };
};

export type RedeliverFailedWebhooksMutationVariables = Exact<{
  subscriptionId: string | number;
  since: string;
}>;

export type RedeliverFailedWebhooksMutation = { redeliverFailedWebhooks: number };

export type AuditLogQueryVariables = Exact<{
  resourceType?: string | null | undefined;
  action?: string | null | undefined;
  resourceId?: string | null | undefined;
  page: number;
  limit: number;
}>;

export type AuditLogQuery = {
  auditLog: {
    total: number;
    items: Array<{
      id: string;
      at: string;
      actor: string;
      action: string;
      resourceType: string;
      resourceId: string;
      actorKey: { id: string; name: string | null; role: ApiKeyRole; revokedAt: string | null } | null;
    }>;
  };
};

export type ProjectsQueryVariables = Exact<{ [key: string]: never }>;

export type ProjectsQuery = {
  projects: Array<{
    id: string;
    name: string;
    createdAt: string;
    skillLibrary: { id: string; name: string } | null;
    linkedProjects: Array<{ id: string; name: string }>;
  }>;
};

export type CreateProjectMutationVariables = Exact<{
  name: string;
}>;

export type CreateProjectMutation = { createProject: { apiKey: string; project: { id: string; name: string } } };

export type SetSkillLibraryMutationVariables = Exact<{
  projectId: string | number;
  libraryProjectId?: string | number | null | undefined;
}>;

export type SetSkillLibraryMutation = { setSkillLibrary: { id: string } };

export type AgentsListQueryVariables = Exact<{
  page: number;
  limit: number;
}>;

export type AgentsListQuery = {
  agents: {
    total: number;
    items: Array<{
      id: string;
      agentId: string;
      name: string;
      alias: string | null;
      version: number;
      state: VersionState;
      mode: AgentMode;
      updatedAt: string;
      skills: Array<{ name: string; versionId: string | null }>;
    }>;
  };
};

export type AgentVersionFullQueryVariables = Exact<{
  id: string | number;
}>;

export type AgentVersionFullQuery = {
  agentVersion: {
    id: string;
    agentId: string;
    name: string;
    alias: string | null;
    version: number;
    state: VersionState;
    mode: AgentMode;
    prompt: string;
    maxLoadedSkills: number;
    warnings: Array<string>;
    handoffTargets: Array<string>;
    knowledgeBaseIds: Array<string>;
    createdBy: string;
    createdByName: string | null;
    updatedAt: string;
    skills: Array<{ name: string; versionId: string | null }>;
    tools: Array<{
      name: string;
      description: string;
      parameters: unknown;
      webhookUrl: string;
      webhookSecret: string | null;
    }>;
    model: { baseUrl: string; model: string; apiKey: string | null } | null;
    mcpServers: Array<{ name: string; url: string; headers: unknown }>;
  } | null;
};

export type AgentVersionsOfQueryVariables = Exact<{
  agentId: string | number;
}>;

export type AgentVersionsOfQuery = {
  agents: { items: Array<{ id: string; version: number; state: VersionState; updatedAt: string }> };
};

export type SaveAgentMutationVariables = Exact<{
  input: AgentInput;
  agentId?: string | number | null | undefined;
}>;

export type SaveAgentMutation = {
  saveAgent: { id: string; agentId: string; version: number; state: VersionState; warnings: Array<string> };
};

export type PublishAgentVersionMutationVariables = Exact<{
  id: string | number;
}>;

export type PublishAgentVersionMutation = {
  publishAgentVersion: { id: string; state: VersionState; publishedAt: string | null };
};

export type LiveSkillNamesQueryVariables = Exact<{ [key: string]: never }>;

export type LiveSkillNamesQuery = { skills: { items: Array<{ id: string; name: string; version: number }> } };

export type SkillVersionsForPickerQueryVariables = Exact<{
  name: string;
}>;

export type SkillVersionsForPickerQuery = {
  skills: { items: Array<{ id: string; version: number; state: VersionState }> };
};

export type DeleteAgentMutationVariables = Exact<{
  agentId: string | number;
}>;

export type DeleteAgentMutation = { deleteAgent: string };

export type AgentChoicesQueryVariables = Exact<{ [key: string]: never }>;

export type AgentChoicesQuery = { agents: { items: Array<{ agentId: string; name: string }> } };

export type CallEventFieldsFragment = {
  id: string;
  type: string;
  at: string;
  data: unknown;
  loadedAfter: Array<string>;
  systemPromptAfter: string;
  toolsAfter: Array<{ name: string; description: string; source: string }>;
};

export type CallFieldsFragment = {
  id: string;
  status: string;
  agentId: string | null;
  agentName: string;
  startedAt: string;
  endedAt: string | null;
  warnings: Array<string>;
  loadedSkills: Array<string>;
  systemPrompt: string;
  skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
  tools: Array<{ name: string; description: string; source: string }>;
  events: Array<{
    id: string;
    type: string;
    at: string;
    data: unknown;
    loadedAfter: Array<string>;
    systemPromptAfter: string;
    toolsAfter: Array<{ name: string; description: string; source: string }>;
  }>;
  toolInvocations: Array<{
    id: string;
    tool: string;
    source: string;
    arguments: unknown;
    status: string;
    result: unknown;
    error: string | null;
    latencyMs: number;
    at: string;
  }>;
};

export type ResolvedSkillFieldsFragment = {
  name: string;
  version: number;
  versionId: string;
  pinned: boolean;
  loaded: boolean | null;
};

export type ToolInvocationFieldsFragment = {
  id: string;
  tool: string;
  source: string;
  arguments: unknown;
  status: string;
  result: unknown;
  error: string | null;
  latencyMs: number;
  at: string;
};

export type CallEventsSubscriptionVariables = Exact<{
  callId: string | number;
}>;

export type CallEventsSubscription = {
  callEvents: {
    id: string;
    type: string;
    at: string;
    data: unknown;
    loadedAfter: Array<string>;
    systemPromptAfter: string;
    toolsAfter: Array<{ name: string; description: string; source: string }>;
  };
};

export type CallToolInvocationsSubscriptionVariables = Exact<{
  callId: string | number;
}>;

export type CallToolInvocationsSubscription = {
  callToolInvocations: {
    id: string;
    tool: string;
    source: string;
    arguments: unknown;
    status: string;
    result: unknown;
    error: string | null;
    latencyMs: number;
    at: string;
  };
};

export type CallsListQueryVariables = Exact<{
  agentId?: string | number | null | undefined;
  skillName?: string | null | undefined;
  status?: string | null | undefined;
  startedAfter?: string | null | undefined;
  startedBefore?: string | null | undefined;
  page: number;
  limit: number;
}>;

export type CallsListQuery = {
  calls: {
    total: number;
    items: Array<{
      id: string;
      status: string;
      agentId: string | null;
      agentName: string;
      startedAt: string;
      endedAt: string | null;
      loadedSkills: Array<string>;
    }>;
  };
};

export type ReadCallQueryVariables = Exact<{
  id: string | number;
}>;

export type ReadCallQuery = {
  call: {
    id: string;
    status: string;
    agentId: string | null;
    agentName: string;
    startedAt: string;
    endedAt: string | null;
    warnings: Array<string>;
    loadedSkills: Array<string>;
    systemPrompt: string;
    skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
    tools: Array<{ name: string; description: string; source: string }>;
    events: Array<{
      id: string;
      type: string;
      at: string;
      data: unknown;
      loadedAfter: Array<string>;
      systemPromptAfter: string;
      toolsAfter: Array<{ name: string; description: string; source: string }>;
    }>;
    toolInvocations: Array<{
      id: string;
      tool: string;
      source: string;
      arguments: unknown;
      status: string;
      result: unknown;
      error: string | null;
      latencyMs: number;
      at: string;
    }>;
  } | null;
};

export type StartCallMutationVariables = Exact<{
  input: StartCallInput;
}>;

export type StartCallMutation = {
  startCall: {
    id: string;
    status: string;
    agentId: string | null;
    agentName: string;
    startedAt: string;
    endedAt: string | null;
    warnings: Array<string>;
    loadedSkills: Array<string>;
    systemPrompt: string;
    skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
    tools: Array<{ name: string; description: string; source: string }>;
    events: Array<{
      id: string;
      type: string;
      at: string;
      data: unknown;
      loadedAfter: Array<string>;
      systemPromptAfter: string;
      toolsAfter: Array<{ name: string; description: string; source: string }>;
    }>;
    toolInvocations: Array<{
      id: string;
      tool: string;
      source: string;
      arguments: unknown;
      status: string;
      result: unknown;
      error: string | null;
      latencyMs: number;
      at: string;
    }>;
  };
};

export type LoadSkillMutationVariables = Exact<{
  callId: string | number;
  name: string;
}>;

export type LoadSkillMutation = {
  loadSkill: {
    status: LoadSkillStatus;
    skill: string | null;
    unloaded: string | null;
    message: string;
    call: {
      id: string;
      status: string;
      agentId: string | null;
      agentName: string;
      startedAt: string;
      endedAt: string | null;
      warnings: Array<string>;
      loadedSkills: Array<string>;
      systemPrompt: string;
      skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
      tools: Array<{ name: string; description: string; source: string }>;
      events: Array<{
        id: string;
        type: string;
        at: string;
        data: unknown;
        loadedAfter: Array<string>;
        systemPromptAfter: string;
        toolsAfter: Array<{ name: string; description: string; source: string }>;
      }>;
      toolInvocations: Array<{
        id: string;
        tool: string;
        source: string;
        arguments: unknown;
        status: string;
        result: unknown;
        error: string | null;
        latencyMs: number;
        at: string;
      }>;
    };
  };
};

export type RunToolMutationVariables = Exact<{
  callId: string | number;
  name: string;
  arguments: unknown;
}>;

export type RunToolMutation = {
  runTool: { id: string; tool: string; status: string; result: unknown; error: string | null; latencyMs: number };
};

export type EndCallMutationVariables = Exact<{
  callId: string | number;
}>;

export type EndCallMutation = {
  endCall: {
    id: string;
    status: string;
    agentId: string | null;
    agentName: string;
    startedAt: string;
    endedAt: string | null;
    warnings: Array<string>;
    loadedSkills: Array<string>;
    systemPrompt: string;
    skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
    tools: Array<{ name: string; description: string; source: string }>;
    events: Array<{
      id: string;
      type: string;
      at: string;
      data: unknown;
      loadedAfter: Array<string>;
      systemPromptAfter: string;
      toolsAfter: Array<{ name: string; description: string; source: string }>;
    }>;
    toolInvocations: Array<{
      id: string;
      tool: string;
      source: string;
      arguments: unknown;
      status: string;
      result: unknown;
      error: string | null;
      latencyMs: number;
      at: string;
    }>;
  };
};

export type EvalRunSummaryFragment = {
  id: string;
  status: string;
  progress: number;
  passRate: number | null;
  total: number;
  error: string | null;
  warnings: Array<string>;
  createdAt: string;
  finishedAt: string | null;
};

export type EvalRunsQueryVariables = Exact<{
  page: number;
  limit: number;
}>;

export type EvalRunsQuery = {
  evalRuns: {
    total: number;
    items: Array<{
      id: string;
      status: string;
      progress: number;
      passRate: number | null;
      total: number;
      error: string | null;
      warnings: Array<string>;
      createdAt: string;
      finishedAt: string | null;
    }>;
  };
};

export type EvalRunQueryVariables = Exact<{
  id: string | number;
}>;

export type EvalRunQuery = {
  evalRun: {
    resolvedConfig: unknown;
    id: string;
    status: string;
    progress: number;
    passRate: number | null;
    total: number;
    error: string | null;
    warnings: Array<string>;
    createdAt: string;
    finishedAt: string | null;
    results: Array<{
      scenarioId: string;
      agentId: string | null;
      iteration: number;
      passed: boolean;
      transcript: unknown;
      toolCalls: unknown;
      expectations: unknown;
    }>;
  } | null;
};

export type StartEvalRunMutationVariables = Exact<{
  input: StartEvalRunInput;
}>;

export type StartEvalRunMutation = {
  startEvalRun: {
    id: string;
    status: string;
    progress: number;
    passRate: number | null;
    total: number;
    error: string | null;
    warnings: Array<string>;
    createdAt: string;
    finishedAt: string | null;
  };
};

export type EvalAgentsQueryVariables = Exact<{ [key: string]: never }>;

export type EvalAgentsQuery = { agents: { items: Array<{ agentId: string; name: string }> } };

export type EvalScenariosQueryVariables = Exact<{
  tag?: string | null | undefined;
  page: number;
  limit: number;
}>;

export type EvalScenariosQuery = {
  evalScenarios: {
    total: number;
    items: Array<{
      id: string;
      name: string;
      tags: Array<string>;
      turns: Array<string>;
      expectations: unknown;
      mocks: unknown;
      mockOnly: boolean;
      variables: unknown;
      createdAt: string;
    }>;
  };
};

export type SaveEvalScenarioMutationVariables = Exact<{
  input: EvalScenarioInput;
  id?: string | number | null | undefined;
}>;

export type SaveEvalScenarioMutation = { saveEvalScenario: { id: string; name: string } };

export type DeleteEvalScenarioMutationVariables = Exact<{
  id: string | number;
}>;

export type DeleteEvalScenarioMutation = { deleteEvalScenario: string };

export type PublishEvaluationQueryVariables = Exact<{
  versionId: string | number;
  iterations: number;
}>;

export type PublishEvaluationQuery = {
  publishPreview: {
    evaluation: {
      tag: string;
      iterations: number;
      scenarios: number;
      warnings: Array<string>;
      agents: Array<{
        agentId: string;
        agentName: string;
        candidate: { version: number; results: number; passed: number; loaded: number };
        live: { version: number; results: number; passed: number; loaded: number } | null;
      }>;
    } | null;
  };
};

export type KnowledgeBaseListQueryVariables = Exact<{ [key: string]: never }>;

export type KnowledgeBaseListQuery = {
  knowledgeBases: Array<{
    id: string;
    name: string;
    description: string;
    createdAt: string;
    documents: Array<{ id: string }>;
    skillVersions: Array<{ id: string; name: string; version: number; state: VersionState }>;
    agentVersions: Array<{ id: string; name: string; version: number; state: VersionState }>;
  }>;
};

export type ReadKnowledgeBaseQueryVariables = Exact<{
  id: string | number;
}>;

export type ReadKnowledgeBaseQuery = {
  knowledgeBase: {
    id: string;
    name: string;
    description: string;
    topK: number;
    similarityThreshold: number;
    createdAt: string;
    documents: Array<{ id: string; title: string; content: string; createdAt: string }>;
    skillVersions: Array<{ id: string; name: string; version: number; state: VersionState }>;
    agentVersions: Array<{ id: string; agentId: string; name: string; version: number; state: VersionState }>;
  };
};

export type CreateKnowledgeBaseMutationVariables = Exact<{
  input: KnowledgeBaseInput;
}>;

export type CreateKnowledgeBaseMutation = { createKnowledgeBase: { id: string; name: string } };

export type AddKnowledgeDocumentMutationVariables = Exact<{
  knowledgeBaseId: string | number;
  title: string;
  content: string;
}>;

export type AddKnowledgeDocumentMutation = { addKnowledgeDocument: { id: string; title: string } };

export type DeleteKnowledgeDocumentMutationVariables = Exact<{
  id: string | number;
}>;

export type DeleteKnowledgeDocumentMutation = { deleteKnowledgeDocument: string };

export type PlatformProbeQueryVariables = Exact<{ [key: string]: never }>;

export type PlatformProbeQuery = { projects: Array<{ id: string }> };

export type ProjectProbeQueryVariables = Exact<{ [key: string]: never }>;

export type ProjectProbeQuery = { project: { id: string; name: string } };

export type KeysProbeQueryVariables = Exact<{ [key: string]: never }>;

export type KeysProbeQuery = {
  apiKeys: Array<{ id: string; prefix: string; role: ApiKeyRole; revokedAt: string | null }>;
};

export type EditorProbeQueryVariables = Exact<{ [key: string]: never }>;

export type EditorProbeQuery = { publishPreview: { version: { id: string } } };

export type SessionsListQueryVariables = Exact<{
  agentId?: string | number | null | undefined;
  createdAfter?: string | null | undefined;
  createdBefore?: string | null | undefined;
  page: number;
  limit: number;
}>;

export type SessionsListQuery = {
  chatSessions: {
    total: number;
    items: Array<{
      id: string;
      agentId: string | null;
      agentName: string;
      createdAt: string;
      loadedSkills: Array<string>;
      messages: Array<{ role: string; content: string | null; at: string }>;
    }>;
  };
};

export type ReadSessionQueryVariables = Exact<{
  id: string | number;
}>;

export type ReadSessionQuery = {
  chatSession: {
    id: string;
    agentId: string | null;
    agentName: string;
    createdAt: string;
    variables: unknown;
    warnings: Array<string>;
    loadedSkills: Array<string>;
    systemPrompt: string;
    skills: Array<{ name: string; version: number; versionId: string; pinned: boolean; loaded: boolean | null }>;
    tools: Array<{ name: string; source: string }>;
    messages: Array<{
      role: string;
      content: string | null;
      toolCalls: unknown;
      toolCallId: string | null;
      at: string;
    }>;
    toolInvocations: Array<{
      id: string;
      tool: string;
      source: string;
      arguments: unknown;
      status: string;
      result: unknown;
      error: string | null;
      latencyMs: number;
      at: string;
    }>;
  } | null;
};

export type SkillsListQueryVariables = Exact<{
  name?: string | null | undefined;
  state?: VersionState | null | undefined;
  page: number;
  limit: number;
}>;

export type SkillsListQuery = {
  skills: {
    total: number;
    page: number;
    limit: number;
    items: Array<{
      id: string;
      name: string;
      version: number;
      state: VersionState;
      description: string;
      createdBy: string;
      createdByName: string | null;
      updatedAt: string;
      publishedAt: string | null;
    }>;
  };
};

export type SkillVersionFullQueryVariables = Exact<{
  id: string | number;
}>;

export type SkillVersionFullQuery = {
  skillVersion: {
    id: string;
    name: string;
    version: number;
    state: VersionState;
    skillMd: string;
    description: string;
    warnings: Array<string>;
    createdBy: string;
    createdByName: string | null;
    createdAt: string;
    updatedAt: string;
    publishedAt: string | null;
    usage: Array<{ agentVersionId: string }>;
    tools: Array<{
      name: string;
      description: string;
      parameters: unknown;
      webhookUrl: string;
      webhookSecret: string | null;
    }>;
    files: Array<{ path: string; size: number; sha256: string; contentBase64: string }>;
    knowledgeBases: Array<{ mode: KnowledgeMode; knowledgeBase: { id: string; name: string } }>;
  } | null;
};

export type KnowledgeBaseChoicesQueryVariables = Exact<{ [key: string]: never }>;

export type KnowledgeBaseChoicesQuery = { knowledgeBases: Array<{ id: string; name: string }> };

export type CreateSkillVersionMutationVariables = Exact<{
  input: SkillVersionInput;
}>;

export type CreateSkillVersionMutation = {
  createSkillVersion: { id: string; name: string; version: number; state: VersionState; warnings: Array<string> };
};

export type UpdateSkillVersionMutationVariables = Exact<{
  id: string | number;
  input: SkillVersionInput;
}>;

export type UpdateSkillVersionMutation = {
  updateSkillVersion: {
    id: string;
    name: string;
    version: number;
    state: VersionState;
    warnings: Array<string>;
    updatedAt: string;
  };
};

export type PublishSkillVersionMutationVariables = Exact<{
  id: string | number;
}>;

export type PublishSkillVersionMutation = {
  publishSkillVersion: { id: string; state: VersionState; publishedAt: string | null };
};

export type RollbackSkillMutationVariables = Exact<{
  name: string;
  toVersionId: string | number;
}>;

export type RollbackSkillMutation = { rollbackSkill: { id: string; state: VersionState; publishedAt: string | null } };

export type DeleteSkillVersionMutationVariables = Exact<{
  id: string | number;
}>;

export type DeleteSkillVersionMutation = { deleteSkillVersion: string };

export type PreviewFieldsFragment = {
  version: { id: string; name: string; version: number };
  live: { id: string; version: number } | null;
  reaches: Array<{
    agentId: string;
    agentVersionId: string;
    agentName: string;
    agentVersion: number;
    agentState: VersionState;
    projectId: string;
  }>;
  pinned: Array<{
    agentId: string;
    agentVersionId: string;
    agentName: string;
    agentVersion: number;
    agentState: VersionState;
    projectId: string;
    resolvesTo: { id: string; version: number } | null;
  }>;
  toolCollisions: Array<{
    agentId: string;
    agentName: string;
    agentVersion: number;
    agentVersionId: string;
    tool: string;
  }>;
};

export type PublishPreviewQueryVariables = Exact<{
  versionId: string | number;
}>;

export type PublishPreviewQuery = {
  publishPreview: {
    version: { id: string; name: string; version: number };
    live: { id: string; version: number } | null;
    reaches: Array<{
      agentId: string;
      agentVersionId: string;
      agentName: string;
      agentVersion: number;
      agentState: VersionState;
      projectId: string;
    }>;
    pinned: Array<{
      agentId: string;
      agentVersionId: string;
      agentName: string;
      agentVersion: number;
      agentState: VersionState;
      projectId: string;
      resolvesTo: { id: string; version: number } | null;
    }>;
    toolCollisions: Array<{
      agentId: string;
      agentName: string;
      agentVersion: number;
      agentVersionId: string;
      tool: string;
    }>;
  };
};

export type RollbackPreviewQueryVariables = Exact<{
  name: string;
  toVersionId: string | number;
}>;

export type RollbackPreviewQuery = {
  rollbackPreview: {
    version: { id: string; name: string; version: number };
    live: { id: string; version: number } | null;
    reaches: Array<{
      agentId: string;
      agentVersionId: string;
      agentName: string;
      agentVersion: number;
      agentState: VersionState;
      projectId: string;
    }>;
    pinned: Array<{
      agentId: string;
      agentVersionId: string;
      agentName: string;
      agentVersion: number;
      agentState: VersionState;
      projectId: string;
      resolvesTo: { id: string; version: number } | null;
    }>;
    toolCollisions: Array<{
      agentId: string;
      agentName: string;
      agentVersion: number;
      agentVersionId: string;
      tool: string;
    }>;
  };
};

export type SkillHistoryQueryVariables = Exact<{
  name: string;
}>;

export type SkillHistoryQuery = {
  skills: {
    total: number;
    items: Array<{
      id: string;
      version: number;
      state: VersionState;
      createdBy: string;
      createdByName: string | null;
      createdAt: string;
      updatedAt: string;
      publishedAt: string | null;
      archivedAt: string | null;
    }>;
  };
};

export type SkillDiffQueryVariables = Exact<{
  fromId: string | number;
  toId: string | number;
}>;

export type SkillDiffQuery = {
  diffSkillVersions: unknown;
  from: {
    id: string;
    version: number;
    state: VersionState;
    skillMd: string;
    knowledgeBases: Array<{ mode: KnowledgeMode; knowledgeBase: { id: string; name: string } }>;
    files: Array<{ path: string; size: number; contentBase64: string }>;
  } | null;
  to: {
    id: string;
    version: number;
    state: VersionState;
    skillMd: string;
    knowledgeBases: Array<{ mode: KnowledgeMode; knowledgeBase: { id: string; name: string } }>;
    files: Array<{ path: string; size: number; contentBase64: string }>;
  } | null;
};

export type DiffSideFragment = {
  id: string;
  version: number;
  state: VersionState;
  skillMd: string;
  knowledgeBases: Array<{ mode: KnowledgeMode; knowledgeBase: { id: string; name: string } }>;
  files: Array<{ path: string; size: number; contentBase64: string }>;
};

export type ExportSkillBundleQueryVariables = Exact<{
  id: string | number;
}>;

export type ExportSkillBundleQuery = { exportSkillBundle: string };

export type ImportSkillBundleMutationVariables = Exact<{
  zipBase64: string;
}>;

export type ImportSkillBundleMutation = { importSkillBundle: { id: string; name: string; version: number } };

export type UsageRowFieldsFragment = {
  skill: string;
  agentId: string;
  agentName: string;
  agentVersion: number;
  agentVersionId: string;
  agentState: VersionState;
  projectId: string;
  pinned: boolean;
  resolvesTo: { id: string; version: number; state: VersionState } | null;
};

export type SkillUsageGraphQueryVariables = Exact<{
  name: string;
}>;

export type SkillUsageGraphQuery = {
  skillUsage: Array<{
    skill: string;
    agentId: string;
    agentName: string;
    agentVersion: number;
    agentVersionId: string;
    agentState: VersionState;
    projectId: string;
    pinned: boolean;
    resolvesTo: { id: string; version: number; state: VersionState } | null;
  }>;
  live: { items: Array<{ id: string; version: number }> };
  versions: { total: number };
  project: { id: string; name: string; linkedProjects: Array<{ id: string; name: string }> };
};

export type AgentUsageGraphQueryVariables = Exact<{
  id: string | number;
}>;

export type AgentUsageGraphQuery = {
  agentVersion: {
    id: string;
    agentId: string;
    name: string;
    version: number;
    state: VersionState;
    skills: Array<{ name: string; versionId: string | null }>;
    skillUsage: Array<{
      skill: string;
      agentId: string;
      agentName: string;
      agentVersion: number;
      agentVersionId: string;
      agentState: VersionState;
      projectId: string;
      pinned: boolean;
      resolvesTo: { id: string; version: number; state: VersionState } | null;
    }>;
  } | null;
  project: { id: string; name: string; linkedProjects: Array<{ id: string; name: string }> };
};

export const ResolvedSkillFieldsFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ResolvedSkillFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallSkill" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "name" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "versionId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          { kind: "Field", name: { kind: "Name", value: "loaded" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ResolvedSkillFieldsFragment, unknown>;
export const CallEventFieldsFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallEventFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallEvent" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "type" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
          { kind: "Field", name: { kind: "Name", value: "data" } },
          { kind: "Field", name: { kind: "Name", value: "loadedAfter" } },
          { kind: "Field", name: { kind: "Name", value: "systemPromptAfter" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolsAfter" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CallEventFieldsFragment, unknown>;
export const ToolInvocationFieldsFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ToolInvocationFieldsFragment, unknown>;
export const CallFieldsFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "Call" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "startedAt" } },
          { kind: "Field", name: { kind: "Name", value: "endedAt" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
          { kind: "Field", name: { kind: "Name", value: "systemPrompt" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ResolvedSkillFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "tools" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "events" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallEventFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolInvocations" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ToolInvocationFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ResolvedSkillFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallSkill" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "name" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "versionId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          { kind: "Field", name: { kind: "Name", value: "loaded" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallEventFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallEvent" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "type" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
          { kind: "Field", name: { kind: "Name", value: "data" } },
          { kind: "Field", name: { kind: "Name", value: "loadedAfter" } },
          { kind: "Field", name: { kind: "Name", value: "systemPromptAfter" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolsAfter" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CallFieldsFragment, unknown>;
export const EvalRunSummaryFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "EvalRunSummary" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "EvalRun" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "progress" } },
          { kind: "Field", name: { kind: "Name", value: "passRate" } },
          { kind: "Field", name: { kind: "Name", value: "total" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "createdAt" } },
          { kind: "Field", name: { kind: "Name", value: "finishedAt" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<EvalRunSummaryFragment, unknown>;
export const PreviewFieldsFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "PreviewFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "PublishPreview" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "version" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "live" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "reaches" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentState" } },
                { kind: "Field", name: { kind: "Name", value: "projectId" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "pinned" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentState" } },
                { kind: "Field", name: { kind: "Name", value: "projectId" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "resolvesTo" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolCollisions" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "tool" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<PreviewFieldsFragment, unknown>;
export const DiffSideFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "DiffSide" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "SkillVersion" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "state" } },
          { kind: "Field", name: { kind: "Name", value: "skillMd" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "knowledgeBases" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "mode" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "knowledgeBase" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "files" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "path" } },
                { kind: "Field", name: { kind: "Name", value: "size" } },
                { kind: "Field", name: { kind: "Name", value: "contentBase64" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<DiffSideFragment, unknown>;
export const UsageRowFieldsFragmentDoc = {
  kind: "Document",
  definitions: [
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "UsageRowFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "SkillUsage" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "skill" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
          { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
          { kind: "Field", name: { kind: "Name", value: "agentState" } },
          { kind: "Field", name: { kind: "Name", value: "projectId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "resolvesTo" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<UsageRowFieldsFragment, unknown>;
export const ApiKeysDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "ApiKeys" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "apiKeys" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "prefix" } },
                { kind: "Field", name: { kind: "Name", value: "role" } },
                { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                { kind: "Field", name: { kind: "Name", value: "revokedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "CreateApiKey" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "role" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ApiKeyRole" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "createApiKey" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "role" },
                value: { kind: "Variable", name: { kind: "Name", value: "role" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "key" } },
                { kind: "Field", name: { kind: "Name", value: "role" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "RevokeApiKey" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "revokeApiKey" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const WebhooksDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "Webhooks" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "webhookSubscriptions" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "url" } },
                { kind: "Field", name: { kind: "Name", value: "eventTypes" } },
                { kind: "Field", name: { kind: "Name", value: "createdAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<WebhooksQuery, WebhooksQueryVariables>;
export const WebhookDeliveriesDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "WebhookDeliveries" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "subscriptionId" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "ID" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "status" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "webhookDeliveries" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "subscriptionId" },
                value: { kind: "Variable", name: { kind: "Name", value: "subscriptionId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "status" },
                value: { kind: "Variable", name: { kind: "Name", value: "status" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "webhookId" } },
                      { kind: "Field", name: { kind: "Name", value: "subscriptionId" } },
                      { kind: "Field", name: { kind: "Name", value: "eventType" } },
                      { kind: "Field", name: { kind: "Name", value: "status" } },
                      { kind: "Field", name: { kind: "Name", value: "attempts" } },
                      { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                      { kind: "Field", name: { kind: "Name", value: "deliveredAt" } },
                      { kind: "Field", name: { kind: "Name", value: "nextAttemptAt" } },
                      { kind: "Field", name: { kind: "Name", value: "lastError" } },
                      { kind: "Field", name: { kind: "Name", value: "payload" } },
                      {
                        kind: "Field",
                        name: { kind: "Name", value: "attemptLog" },
                        selectionSet: {
                          kind: "SelectionSet",
                          selections: [
                            { kind: "Field", name: { kind: "Name", value: "at" } },
                            { kind: "Field", name: { kind: "Name", value: "httpStatus" } },
                            { kind: "Field", name: { kind: "Name", value: "durationMs" } },
                            { kind: "Field", name: { kind: "Name", value: "error" } },
                          ],
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CreateWebhookDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "CreateWebhook" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "url" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "eventTypes" } },
          type: {
            kind: "NonNullType",
            type: {
              kind: "ListType",
              type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
            },
          },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "createWebhookSubscription" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "url" },
                value: { kind: "Variable", name: { kind: "Name", value: "url" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "eventTypes" },
                value: { kind: "Variable", name: { kind: "Name", value: "eventTypes" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "secret" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "subscription" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "url" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const DeleteWebhookDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "DeleteWebhook" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "deleteWebhookSubscription" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const RedeliverWebhookDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "RedeliverWebhook" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "deliveryId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "redeliverWebhook" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "deliveryId" },
                value: { kind: "Variable", name: { kind: "Name", value: "deliveryId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "status" } },
                { kind: "Field", name: { kind: "Name", value: "attempts" } },
                { kind: "Field", name: { kind: "Name", value: "nextAttemptAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const RedeliverFailedWebhooksDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "RedeliverFailedWebhooks" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "subscriptionId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "since" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "DateTime" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "redeliverFailedWebhooks" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "subscriptionId" },
                value: { kind: "Variable", name: { kind: "Name", value: "subscriptionId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "since" },
                value: { kind: "Variable", name: { kind: "Name", value: "since" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RedeliverFailedWebhooksMutation, RedeliverFailedWebhooksMutationVariables>;
export const AuditLogDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "AuditLog" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "resourceType" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "action" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "resourceId" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "auditLog" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "resourceType" },
                value: { kind: "Variable", name: { kind: "Name", value: "resourceType" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "action" },
                value: { kind: "Variable", name: { kind: "Name", value: "action" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "resourceId" },
                value: { kind: "Variable", name: { kind: "Name", value: "resourceId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "at" } },
                      { kind: "Field", name: { kind: "Name", value: "actor" } },
                      {
                        kind: "Field",
                        name: { kind: "Name", value: "actorKey" },
                        selectionSet: {
                          kind: "SelectionSet",
                          selections: [
                            { kind: "Field", name: { kind: "Name", value: "id" } },
                            { kind: "Field", name: { kind: "Name", value: "name" } },
                            { kind: "Field", name: { kind: "Name", value: "role" } },
                            { kind: "Field", name: { kind: "Name", value: "revokedAt" } },
                          ],
                        },
                      },
                      { kind: "Field", name: { kind: "Name", value: "action" } },
                      { kind: "Field", name: { kind: "Name", value: "resourceType" } },
                      { kind: "Field", name: { kind: "Name", value: "resourceId" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AuditLogQuery, AuditLogQueryVariables>;
export const ProjectsDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "Projects" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "projects" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "skillLibrary" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "linkedProjects" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ProjectsQuery, ProjectsQueryVariables>;
export const CreateProjectDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "CreateProject" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "createProject" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "apiKey" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "project" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CreateProjectMutation, CreateProjectMutationVariables>;
export const SetSkillLibraryDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "SetSkillLibrary" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "projectId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "libraryProjectId" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "ID" } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "setSkillLibrary" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "projectId" },
                value: { kind: "Variable", name: { kind: "Name", value: "projectId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "libraryProjectId" },
                value: { kind: "Variable", name: { kind: "Name", value: "libraryProjectId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "Field", name: { kind: "Name", value: "id" } }],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SetSkillLibraryMutation, SetSkillLibraryMutationVariables>;
export const AgentsListDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "AgentsList" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "agents" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "agentId" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "alias" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                      { kind: "Field", name: { kind: "Name", value: "mode" } },
                      { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
                      {
                        kind: "Field",
                        name: { kind: "Name", value: "skills" },
                        selectionSet: {
                          kind: "SelectionSet",
                          selections: [
                            { kind: "Field", name: { kind: "Name", value: "name" } },
                            { kind: "Field", name: { kind: "Name", value: "versionId" } },
                          ],
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AgentsListQuery, AgentsListQueryVariables>;
export const AgentVersionFullDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "AgentVersionFull" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "agentVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "alias" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "mode" } },
                { kind: "Field", name: { kind: "Name", value: "prompt" } },
                { kind: "Field", name: { kind: "Name", value: "maxLoadedSkills" } },
                { kind: "Field", name: { kind: "Name", value: "warnings" } },
                { kind: "Field", name: { kind: "Name", value: "handoffTargets" } },
                { kind: "Field", name: { kind: "Name", value: "knowledgeBaseIds" } },
                { kind: "Field", name: { kind: "Name", value: "createdBy" } },
                { kind: "Field", name: { kind: "Name", value: "createdByName" } },
                { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "skills" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "versionId" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "tools" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "description" } },
                      { kind: "Field", name: { kind: "Name", value: "parameters" } },
                      { kind: "Field", name: { kind: "Name", value: "webhookUrl" } },
                      { kind: "Field", name: { kind: "Name", value: "webhookSecret" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "model" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "baseUrl" } },
                      { kind: "Field", name: { kind: "Name", value: "model" } },
                      { kind: "Field", name: { kind: "Name", value: "apiKey" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "mcpServers" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "url" } },
                      { kind: "Field", name: { kind: "Name", value: "headers" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AgentVersionFullQuery, AgentVersionFullQueryVariables>;
export const AgentVersionsOfDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "AgentVersionsOf" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "agents" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "agentId" },
                value: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
              },
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "100" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                      { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AgentVersionsOfQuery, AgentVersionsOfQueryVariables>;
export const SaveAgentDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "SaveAgent" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "input" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "AgentInput" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "ID" } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "saveAgent" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "input" },
                value: { kind: "Variable", name: { kind: "Name", value: "input" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "agentId" },
                value: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "warnings" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SaveAgentMutation, SaveAgentMutationVariables>;
export const PublishAgentVersionDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "PublishAgentVersion" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "publishAgentVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "publishedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<PublishAgentVersionMutation, PublishAgentVersionMutationVariables>;
export const LiveSkillNamesDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "LiveSkillNames" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "state" },
                value: { kind: "EnumValue", value: "PUBLISHED" },
              },
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "200" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<LiveSkillNamesQuery, LiveSkillNamesQueryVariables>;
export const SkillVersionsForPickerDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "SkillVersionsForPicker" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "100" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SkillVersionsForPickerQuery, SkillVersionsForPickerQueryVariables>;
export const DeleteAgentDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "DeleteAgent" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "deleteAgent" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "agentId" },
                value: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<DeleteAgentMutation, DeleteAgentMutationVariables>;
export const AgentChoicesDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "AgentChoices" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "agents" },
            arguments: [
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "200" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "agentId" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AgentChoicesQuery, AgentChoicesQueryVariables>;
export const CallEventsDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "subscription",
      name: { kind: "Name", value: "CallEvents" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "callId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "callEvents" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "callId" },
                value: { kind: "Variable", name: { kind: "Name", value: "callId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallEventFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallEventFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallEvent" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "type" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
          { kind: "Field", name: { kind: "Name", value: "data" } },
          { kind: "Field", name: { kind: "Name", value: "loadedAfter" } },
          { kind: "Field", name: { kind: "Name", value: "systemPromptAfter" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolsAfter" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CallEventsSubscription, CallEventsSubscriptionVariables>;
export const CallToolInvocationsDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "subscription",
      name: { kind: "Name", value: "CallToolInvocations" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "callId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "callToolInvocations" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "callId" },
                value: { kind: "Variable", name: { kind: "Name", value: "callId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ToolInvocationFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CallToolInvocationsSubscription, CallToolInvocationsSubscriptionVariables>;
export const CallsListDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "CallsList" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "ID" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "skillName" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "status" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "startedAfter" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "DateTime" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "startedBefore" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "DateTime" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "calls" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "agentId" },
                value: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "skillName" },
                value: { kind: "Variable", name: { kind: "Name", value: "skillName" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "status" },
                value: { kind: "Variable", name: { kind: "Name", value: "status" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "startedAfter" },
                value: { kind: "Variable", name: { kind: "Name", value: "startedAfter" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "startedBefore" },
                value: { kind: "Variable", name: { kind: "Name", value: "startedBefore" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "status" } },
                      { kind: "Field", name: { kind: "Name", value: "agentId" } },
                      { kind: "Field", name: { kind: "Name", value: "agentName" } },
                      { kind: "Field", name: { kind: "Name", value: "startedAt" } },
                      { kind: "Field", name: { kind: "Name", value: "endedAt" } },
                      { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CallsListQuery, CallsListQueryVariables>;
export const ReadCallDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "ReadCall" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "call" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ResolvedSkillFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallSkill" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "name" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "versionId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          { kind: "Field", name: { kind: "Name", value: "loaded" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallEventFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallEvent" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "type" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
          { kind: "Field", name: { kind: "Name", value: "data" } },
          { kind: "Field", name: { kind: "Name", value: "loadedAfter" } },
          { kind: "Field", name: { kind: "Name", value: "systemPromptAfter" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolsAfter" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "Call" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "startedAt" } },
          { kind: "Field", name: { kind: "Name", value: "endedAt" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
          { kind: "Field", name: { kind: "Name", value: "systemPrompt" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ResolvedSkillFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "tools" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "events" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallEventFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolInvocations" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ToolInvocationFields" } }],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ReadCallQuery, ReadCallQueryVariables>;
export const StartCallDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "StartCall" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "input" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "StartCallInput" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "startCall" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "input" },
                value: { kind: "Variable", name: { kind: "Name", value: "input" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ResolvedSkillFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallSkill" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "name" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "versionId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          { kind: "Field", name: { kind: "Name", value: "loaded" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallEventFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallEvent" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "type" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
          { kind: "Field", name: { kind: "Name", value: "data" } },
          { kind: "Field", name: { kind: "Name", value: "loadedAfter" } },
          { kind: "Field", name: { kind: "Name", value: "systemPromptAfter" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolsAfter" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "Call" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "startedAt" } },
          { kind: "Field", name: { kind: "Name", value: "endedAt" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
          { kind: "Field", name: { kind: "Name", value: "systemPrompt" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ResolvedSkillFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "tools" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "events" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallEventFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolInvocations" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ToolInvocationFields" } }],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<StartCallMutation, StartCallMutationVariables>;
export const LoadSkillDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "LoadSkill" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "callId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "loadSkill" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "callId" },
                value: { kind: "Variable", name: { kind: "Name", value: "callId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "status" } },
                { kind: "Field", name: { kind: "Name", value: "skill" } },
                { kind: "Field", name: { kind: "Name", value: "unloaded" } },
                { kind: "Field", name: { kind: "Name", value: "message" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "call" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallFields" } }],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ResolvedSkillFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallSkill" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "name" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "versionId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          { kind: "Field", name: { kind: "Name", value: "loaded" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallEventFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallEvent" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "type" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
          { kind: "Field", name: { kind: "Name", value: "data" } },
          { kind: "Field", name: { kind: "Name", value: "loadedAfter" } },
          { kind: "Field", name: { kind: "Name", value: "systemPromptAfter" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolsAfter" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "Call" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "startedAt" } },
          { kind: "Field", name: { kind: "Name", value: "endedAt" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
          { kind: "Field", name: { kind: "Name", value: "systemPrompt" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ResolvedSkillFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "tools" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "events" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallEventFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolInvocations" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ToolInvocationFields" } }],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<LoadSkillMutation, LoadSkillMutationVariables>;
export const RunToolDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "RunTool" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "callId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "arguments" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "JSON" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "runTool" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "callId" },
                value: { kind: "Variable", name: { kind: "Name", value: "callId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "arguments" },
                value: { kind: "Variable", name: { kind: "Name", value: "arguments" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "tool" } },
                { kind: "Field", name: { kind: "Name", value: "status" } },
                { kind: "Field", name: { kind: "Name", value: "result" } },
                { kind: "Field", name: { kind: "Name", value: "error" } },
                { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RunToolMutation, RunToolMutationVariables>;
export const EndCallDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "EndCall" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "callId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "endCall" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "callId" },
                value: { kind: "Variable", name: { kind: "Name", value: "callId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ResolvedSkillFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallSkill" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "name" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "versionId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          { kind: "Field", name: { kind: "Name", value: "loaded" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallEventFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallEvent" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "type" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
          { kind: "Field", name: { kind: "Name", value: "data" } },
          { kind: "Field", name: { kind: "Name", value: "loadedAfter" } },
          { kind: "Field", name: { kind: "Name", value: "systemPromptAfter" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolsAfter" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "CallFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "Call" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "startedAt" } },
          { kind: "Field", name: { kind: "Name", value: "endedAt" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
          { kind: "Field", name: { kind: "Name", value: "systemPrompt" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ResolvedSkillFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "tools" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "source" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "events" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "CallEventFields" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolInvocations" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ToolInvocationFields" } }],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<EndCallMutation, EndCallMutationVariables>;
export const EvalRunsDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "EvalRuns" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "evalRuns" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "EvalRunSummary" } }],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "EvalRunSummary" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "EvalRun" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "progress" } },
          { kind: "Field", name: { kind: "Name", value: "passRate" } },
          { kind: "Field", name: { kind: "Name", value: "total" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "createdAt" } },
          { kind: "Field", name: { kind: "Name", value: "finishedAt" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<EvalRunsQuery, EvalRunsQueryVariables>;
export const EvalRunDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "EvalRun" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "evalRun" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "FragmentSpread", name: { kind: "Name", value: "EvalRunSummary" } },
                { kind: "Field", name: { kind: "Name", value: "resolvedConfig" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "results" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "scenarioId" } },
                      { kind: "Field", name: { kind: "Name", value: "agentId" } },
                      { kind: "Field", name: { kind: "Name", value: "iteration" } },
                      { kind: "Field", name: { kind: "Name", value: "passed" } },
                      { kind: "Field", name: { kind: "Name", value: "transcript" } },
                      { kind: "Field", name: { kind: "Name", value: "toolCalls" } },
                      { kind: "Field", name: { kind: "Name", value: "expectations" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "EvalRunSummary" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "EvalRun" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "progress" } },
          { kind: "Field", name: { kind: "Name", value: "passRate" } },
          { kind: "Field", name: { kind: "Name", value: "total" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "createdAt" } },
          { kind: "Field", name: { kind: "Name", value: "finishedAt" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<EvalRunQuery, EvalRunQueryVariables>;
export const StartEvalRunDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "StartEvalRun" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "input" } },
          type: {
            kind: "NonNullType",
            type: { kind: "NamedType", name: { kind: "Name", value: "StartEvalRunInput" } },
          },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "startEvalRun" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "input" },
                value: { kind: "Variable", name: { kind: "Name", value: "input" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "EvalRunSummary" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "EvalRunSummary" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "EvalRun" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "progress" } },
          { kind: "Field", name: { kind: "Name", value: "passRate" } },
          { kind: "Field", name: { kind: "Name", value: "total" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "warnings" } },
          { kind: "Field", name: { kind: "Name", value: "createdAt" } },
          { kind: "Field", name: { kind: "Name", value: "finishedAt" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<StartEvalRunMutation, StartEvalRunMutationVariables>;
export const EvalAgentsDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "EvalAgents" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "agents" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "state" },
                value: { kind: "EnumValue", value: "PUBLISHED" },
              },
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "200" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "agentId" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<EvalAgentsQuery, EvalAgentsQueryVariables>;
export const EvalScenariosDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "EvalScenarios" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "tag" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "evalScenarios" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "tag" },
                value: { kind: "Variable", name: { kind: "Name", value: "tag" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "tags" } },
                      { kind: "Field", name: { kind: "Name", value: "turns" } },
                      { kind: "Field", name: { kind: "Name", value: "expectations" } },
                      { kind: "Field", name: { kind: "Name", value: "mocks" } },
                      { kind: "Field", name: { kind: "Name", value: "mockOnly" } },
                      { kind: "Field", name: { kind: "Name", value: "variables" } },
                      { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<EvalScenariosQuery, EvalScenariosQueryVariables>;
export const SaveEvalScenarioDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "SaveEvalScenario" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "input" } },
          type: {
            kind: "NonNullType",
            type: { kind: "NamedType", name: { kind: "Name", value: "EvalScenarioInput" } },
          },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "ID" } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "saveEvalScenario" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "input" },
                value: { kind: "Variable", name: { kind: "Name", value: "input" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SaveEvalScenarioMutation, SaveEvalScenarioMutationVariables>;
export const DeleteEvalScenarioDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "DeleteEvalScenario" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "deleteEvalScenario" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<DeleteEvalScenarioMutation, DeleteEvalScenarioMutationVariables>;
export const PublishEvaluationDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "PublishEvaluation" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "versionId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "iterations" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "publishPreview" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "versionId" },
                value: { kind: "Variable", name: { kind: "Name", value: "versionId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "evaluation" },
                  arguments: [
                    {
                      kind: "Argument",
                      name: { kind: "Name", value: "iterations" },
                      value: { kind: "Variable", name: { kind: "Name", value: "iterations" } },
                    },
                  ],
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "tag" } },
                      { kind: "Field", name: { kind: "Name", value: "iterations" } },
                      { kind: "Field", name: { kind: "Name", value: "scenarios" } },
                      { kind: "Field", name: { kind: "Name", value: "warnings" } },
                      {
                        kind: "Field",
                        name: { kind: "Name", value: "agents" },
                        selectionSet: {
                          kind: "SelectionSet",
                          selections: [
                            { kind: "Field", name: { kind: "Name", value: "agentId" } },
                            { kind: "Field", name: { kind: "Name", value: "agentName" } },
                            {
                              kind: "Field",
                              name: { kind: "Name", value: "candidate" },
                              selectionSet: {
                                kind: "SelectionSet",
                                selections: [
                                  { kind: "Field", name: { kind: "Name", value: "version" } },
                                  { kind: "Field", name: { kind: "Name", value: "results" } },
                                  { kind: "Field", name: { kind: "Name", value: "passed" } },
                                  { kind: "Field", name: { kind: "Name", value: "loaded" } },
                                ],
                              },
                            },
                            {
                              kind: "Field",
                              name: { kind: "Name", value: "live" },
                              selectionSet: {
                                kind: "SelectionSet",
                                selections: [
                                  { kind: "Field", name: { kind: "Name", value: "version" } },
                                  { kind: "Field", name: { kind: "Name", value: "results" } },
                                  { kind: "Field", name: { kind: "Name", value: "passed" } },
                                  { kind: "Field", name: { kind: "Name", value: "loaded" } },
                                ],
                              },
                            },
                          ],
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<PublishEvaluationQuery, PublishEvaluationQueryVariables>;
export const KnowledgeBaseListDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "KnowledgeBaseList" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "knowledgeBases" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "documents" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "Field", name: { kind: "Name", value: "id" } }],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "skillVersions" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "agentVersions" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KnowledgeBaseListQuery, KnowledgeBaseListQueryVariables>;
export const ReadKnowledgeBaseDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "ReadKnowledgeBase" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "knowledgeBase" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "topK" } },
                { kind: "Field", name: { kind: "Name", value: "similarityThreshold" } },
                { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "documents" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "title" } },
                      { kind: "Field", name: { kind: "Name", value: "content" } },
                      { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "skillVersions" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "agentVersions" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "agentId" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ReadKnowledgeBaseQuery, ReadKnowledgeBaseQueryVariables>;
export const CreateKnowledgeBaseDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "CreateKnowledgeBase" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "input" } },
          type: {
            kind: "NonNullType",
            type: { kind: "NamedType", name: { kind: "Name", value: "KnowledgeBaseInput" } },
          },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "createKnowledgeBase" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "input" },
                value: { kind: "Variable", name: { kind: "Name", value: "input" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CreateKnowledgeBaseMutation, CreateKnowledgeBaseMutationVariables>;
export const AddKnowledgeDocumentDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "AddKnowledgeDocument" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "knowledgeBaseId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "title" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "content" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "addKnowledgeDocument" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "knowledgeBaseId" },
                value: { kind: "Variable", name: { kind: "Name", value: "knowledgeBaseId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "title" },
                value: { kind: "Variable", name: { kind: "Name", value: "title" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "content" },
                value: { kind: "Variable", name: { kind: "Name", value: "content" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "title" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AddKnowledgeDocumentMutation, AddKnowledgeDocumentMutationVariables>;
export const DeleteKnowledgeDocumentDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "DeleteKnowledgeDocument" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "deleteKnowledgeDocument" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<DeleteKnowledgeDocumentMutation, DeleteKnowledgeDocumentMutationVariables>;
export const PlatformProbeDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "PlatformProbe" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "projects" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "Field", name: { kind: "Name", value: "id" } }],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<PlatformProbeQuery, PlatformProbeQueryVariables>;
export const ProjectProbeDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "ProjectProbe" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "project" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ProjectProbeQuery, ProjectProbeQueryVariables>;
export const KeysProbeDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "KeysProbe" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "apiKeys" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "prefix" } },
                { kind: "Field", name: { kind: "Name", value: "role" } },
                { kind: "Field", name: { kind: "Name", value: "revokedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KeysProbeQuery, KeysProbeQueryVariables>;
export const EditorProbeDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "EditorProbe" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "publishPreview" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "versionId" },
                value: { kind: "StringValue", value: "00000000-0000-0000-0000-000000000000", block: false },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "version" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "Field", name: { kind: "Name", value: "id" } }],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<EditorProbeQuery, EditorProbeQueryVariables>;
export const SessionsListDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "SessionsList" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "ID" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "createdAfter" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "DateTime" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "createdBefore" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "DateTime" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "chatSessions" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "agentId" },
                value: { kind: "Variable", name: { kind: "Name", value: "agentId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "createdAfter" },
                value: { kind: "Variable", name: { kind: "Name", value: "createdAfter" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "createdBefore" },
                value: { kind: "Variable", name: { kind: "Name", value: "createdBefore" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "agentId" } },
                      { kind: "Field", name: { kind: "Name", value: "agentName" } },
                      { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                      { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
                      {
                        kind: "Field",
                        name: { kind: "Name", value: "messages" },
                        selectionSet: {
                          kind: "SelectionSet",
                          selections: [
                            { kind: "Field", name: { kind: "Name", value: "role" } },
                            { kind: "Field", name: { kind: "Name", value: "content" } },
                            { kind: "Field", name: { kind: "Name", value: "at" } },
                          ],
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SessionsListQuery, SessionsListQueryVariables>;
export const ReadSessionDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "ReadSession" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "chatSession" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                { kind: "Field", name: { kind: "Name", value: "variables" } },
                { kind: "Field", name: { kind: "Name", value: "warnings" } },
                { kind: "Field", name: { kind: "Name", value: "loadedSkills" } },
                { kind: "Field", name: { kind: "Name", value: "systemPrompt" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "skills" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ResolvedSkillFields" } }],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "tools" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "source" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "messages" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "role" } },
                      { kind: "Field", name: { kind: "Name", value: "content" } },
                      { kind: "Field", name: { kind: "Name", value: "toolCalls" } },
                      { kind: "Field", name: { kind: "Name", value: "toolCallId" } },
                      { kind: "Field", name: { kind: "Name", value: "at" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "toolInvocations" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "ToolInvocationFields" } }],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ResolvedSkillFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "CallSkill" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "name" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "versionId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          { kind: "Field", name: { kind: "Name", value: "loaded" } },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "ToolInvocationFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "ToolInvocation" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "tool" } },
          { kind: "Field", name: { kind: "Name", value: "source" } },
          { kind: "Field", name: { kind: "Name", value: "arguments" } },
          { kind: "Field", name: { kind: "Name", value: "status" } },
          { kind: "Field", name: { kind: "Name", value: "result" } },
          { kind: "Field", name: { kind: "Name", value: "error" } },
          { kind: "Field", name: { kind: "Name", value: "latencyMs" } },
          { kind: "Field", name: { kind: "Name", value: "at" } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ReadSessionQuery, ReadSessionQueryVariables>;
export const SkillsListDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "SkillsList" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "String" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "state" } },
          type: { kind: "NamedType", name: { kind: "Name", value: "VersionState" } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "page" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "limit" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "Int" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "state" },
                value: { kind: "Variable", name: { kind: "Name", value: "state" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "page" },
                value: { kind: "Variable", name: { kind: "Name", value: "page" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "limit" },
                value: { kind: "Variable", name: { kind: "Name", value: "limit" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                { kind: "Field", name: { kind: "Name", value: "page" } },
                { kind: "Field", name: { kind: "Name", value: "limit" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                      { kind: "Field", name: { kind: "Name", value: "description" } },
                      { kind: "Field", name: { kind: "Name", value: "createdBy" } },
                      { kind: "Field", name: { kind: "Name", value: "createdByName" } },
                      { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
                      { kind: "Field", name: { kind: "Name", value: "publishedAt" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SkillsListQuery, SkillsListQueryVariables>;
export const SkillVersionFullDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "SkillVersionFull" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "skillVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "skillMd" } },
                { kind: "Field", name: { kind: "Name", value: "description" } },
                { kind: "Field", name: { kind: "Name", value: "warnings" } },
                { kind: "Field", name: { kind: "Name", value: "createdBy" } },
                { kind: "Field", name: { kind: "Name", value: "createdByName" } },
                { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
                { kind: "Field", name: { kind: "Name", value: "publishedAt" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "usage" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "Field", name: { kind: "Name", value: "agentVersionId" } }],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "tools" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "description" } },
                      { kind: "Field", name: { kind: "Name", value: "parameters" } },
                      { kind: "Field", name: { kind: "Name", value: "webhookUrl" } },
                      { kind: "Field", name: { kind: "Name", value: "webhookSecret" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "files" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "path" } },
                      { kind: "Field", name: { kind: "Name", value: "size" } },
                      { kind: "Field", name: { kind: "Name", value: "sha256" } },
                      { kind: "Field", name: { kind: "Name", value: "contentBase64" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "knowledgeBases" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "mode" } },
                      {
                        kind: "Field",
                        name: { kind: "Name", value: "knowledgeBase" },
                        selectionSet: {
                          kind: "SelectionSet",
                          selections: [
                            { kind: "Field", name: { kind: "Name", value: "id" } },
                            { kind: "Field", name: { kind: "Name", value: "name" } },
                          ],
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SkillVersionFullQuery, SkillVersionFullQueryVariables>;
export const KnowledgeBaseChoicesDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "KnowledgeBaseChoices" },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "knowledgeBases" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<KnowledgeBaseChoicesQuery, KnowledgeBaseChoicesQueryVariables>;
export const CreateSkillVersionDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "CreateSkillVersion" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "input" } },
          type: {
            kind: "NonNullType",
            type: { kind: "NamedType", name: { kind: "Name", value: "SkillVersionInput" } },
          },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "createSkillVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "input" },
                value: { kind: "Variable", name: { kind: "Name", value: "input" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "warnings" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CreateSkillVersionMutation, CreateSkillVersionMutationVariables>;
export const UpdateSkillVersionDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "UpdateSkillVersion" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "input" } },
          type: {
            kind: "NonNullType",
            type: { kind: "NamedType", name: { kind: "Name", value: "SkillVersionInput" } },
          },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "updateSkillVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "input" },
                value: { kind: "Variable", name: { kind: "Name", value: "input" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "warnings" } },
                { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<UpdateSkillVersionMutation, UpdateSkillVersionMutationVariables>;
export const PublishSkillVersionDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "PublishSkillVersion" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "publishSkillVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "publishedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<PublishSkillVersionMutation, PublishSkillVersionMutationVariables>;
export const RollbackSkillDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "RollbackSkill" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "toVersionId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "rollbackSkill" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "toVersionId" },
                value: { kind: "Variable", name: { kind: "Name", value: "toVersionId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                { kind: "Field", name: { kind: "Name", value: "publishedAt" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RollbackSkillMutation, RollbackSkillMutationVariables>;
export const DeleteSkillVersionDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "DeleteSkillVersion" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "deleteSkillVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<DeleteSkillVersionMutation, DeleteSkillVersionMutationVariables>;
export const PublishPreviewDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "PublishPreview" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "versionId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "publishPreview" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "versionId" },
                value: { kind: "Variable", name: { kind: "Name", value: "versionId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "PreviewFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "PreviewFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "PublishPreview" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "version" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "live" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "reaches" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentState" } },
                { kind: "Field", name: { kind: "Name", value: "projectId" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "pinned" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentState" } },
                { kind: "Field", name: { kind: "Name", value: "projectId" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "resolvesTo" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolCollisions" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "tool" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<PublishPreviewQuery, PublishPreviewQueryVariables>;
export const RollbackPreviewDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "RollbackPreview" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "toVersionId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "rollbackPreview" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "toVersionId" },
                value: { kind: "Variable", name: { kind: "Name", value: "toVersionId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "PreviewFields" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "PreviewFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "PublishPreview" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "version" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "live" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "reaches" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentState" } },
                { kind: "Field", name: { kind: "Name", value: "projectId" } },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "pinned" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentState" } },
                { kind: "Field", name: { kind: "Name", value: "projectId" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "resolvesTo" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "toolCollisions" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "agentName" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
                { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
                { kind: "Field", name: { kind: "Name", value: "tool" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<RollbackPreviewQuery, RollbackPreviewQueryVariables>;
export const SkillHistoryDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "SkillHistory" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "skills" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "100" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "total" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                      { kind: "Field", name: { kind: "Name", value: "state" } },
                      { kind: "Field", name: { kind: "Name", value: "createdBy" } },
                      { kind: "Field", name: { kind: "Name", value: "createdByName" } },
                      { kind: "Field", name: { kind: "Name", value: "createdAt" } },
                      { kind: "Field", name: { kind: "Name", value: "updatedAt" } },
                      { kind: "Field", name: { kind: "Name", value: "publishedAt" } },
                      { kind: "Field", name: { kind: "Name", value: "archivedAt" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SkillHistoryQuery, SkillHistoryQueryVariables>;
export const SkillDiffDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "SkillDiff" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "fromId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "toId" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "diffSkillVersions" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "fromId" },
                value: { kind: "Variable", name: { kind: "Name", value: "fromId" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "toId" },
                value: { kind: "Variable", name: { kind: "Name", value: "toId" } },
              },
            ],
          },
          {
            kind: "Field",
            alias: { kind: "Name", value: "from" },
            name: { kind: "Name", value: "skillVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "fromId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "DiffSide" } }],
            },
          },
          {
            kind: "Field",
            alias: { kind: "Name", value: "to" },
            name: { kind: "Name", value: "skillVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "toId" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "DiffSide" } }],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "DiffSide" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "SkillVersion" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "id" } },
          { kind: "Field", name: { kind: "Name", value: "version" } },
          { kind: "Field", name: { kind: "Name", value: "state" } },
          { kind: "Field", name: { kind: "Name", value: "skillMd" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "knowledgeBases" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "mode" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "knowledgeBase" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "files" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "path" } },
                { kind: "Field", name: { kind: "Name", value: "size" } },
                { kind: "Field", name: { kind: "Name", value: "contentBase64" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SkillDiffQuery, SkillDiffQueryVariables>;
export const ExportSkillBundleDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "ExportSkillBundle" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "exportSkillBundle" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ExportSkillBundleQuery, ExportSkillBundleQueryVariables>;
export const ImportSkillBundleDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "mutation",
      name: { kind: "Name", value: "ImportSkillBundle" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "zipBase64" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "importSkillBundle" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "zipBase64" },
                value: { kind: "Variable", name: { kind: "Name", value: "zipBase64" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ImportSkillBundleMutation, ImportSkillBundleMutationVariables>;
export const SkillUsageGraphDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "SkillUsageGraph" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "name" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "String" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "skillUsage" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "UsageRowFields" } }],
            },
          },
          {
            kind: "Field",
            alias: { kind: "Name", value: "live" },
            name: { kind: "Name", value: "skills" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              {
                kind: "Argument",
                name: { kind: "Name", value: "state" },
                value: { kind: "EnumValue", value: "PUBLISHED" },
              },
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "1" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                {
                  kind: "Field",
                  name: { kind: "Name", value: "items" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "version" } },
                    ],
                  },
                },
              ],
            },
          },
          {
            kind: "Field",
            alias: { kind: "Name", value: "versions" },
            name: { kind: "Name", value: "skills" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "name" },
                value: { kind: "Variable", name: { kind: "Name", value: "name" } },
              },
              { kind: "Argument", name: { kind: "Name", value: "limit" }, value: { kind: "IntValue", value: "1" } },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [{ kind: "Field", name: { kind: "Name", value: "total" } }],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "project" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "linkedProjects" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "UsageRowFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "SkillUsage" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "skill" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
          { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
          { kind: "Field", name: { kind: "Name", value: "agentState" } },
          { kind: "Field", name: { kind: "Name", value: "projectId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "resolvesTo" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SkillUsageGraphQuery, SkillUsageGraphQueryVariables>;
export const AgentUsageGraphDocument = {
  kind: "Document",
  definitions: [
    {
      kind: "OperationDefinition",
      operation: "query",
      name: { kind: "Name", value: "AgentUsageGraph" },
      variableDefinitions: [
        {
          kind: "VariableDefinition",
          variable: { kind: "Variable", name: { kind: "Name", value: "id" } },
          type: { kind: "NonNullType", type: { kind: "NamedType", name: { kind: "Name", value: "ID" } } },
        },
      ],
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          {
            kind: "Field",
            name: { kind: "Name", value: "agentVersion" },
            arguments: [
              {
                kind: "Argument",
                name: { kind: "Name", value: "id" },
                value: { kind: "Variable", name: { kind: "Name", value: "id" } },
              },
            ],
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "agentId" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "skills" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                      { kind: "Field", name: { kind: "Name", value: "versionId" } },
                    ],
                  },
                },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "skillUsage" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [{ kind: "FragmentSpread", name: { kind: "Name", value: "UsageRowFields" } }],
                  },
                },
              ],
            },
          },
          {
            kind: "Field",
            name: { kind: "Name", value: "project" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "name" } },
                {
                  kind: "Field",
                  name: { kind: "Name", value: "linkedProjects" },
                  selectionSet: {
                    kind: "SelectionSet",
                    selections: [
                      { kind: "Field", name: { kind: "Name", value: "id" } },
                      { kind: "Field", name: { kind: "Name", value: "name" } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: "FragmentDefinition",
      name: { kind: "Name", value: "UsageRowFields" },
      typeCondition: { kind: "NamedType", name: { kind: "Name", value: "SkillUsage" } },
      selectionSet: {
        kind: "SelectionSet",
        selections: [
          { kind: "Field", name: { kind: "Name", value: "skill" } },
          { kind: "Field", name: { kind: "Name", value: "agentId" } },
          { kind: "Field", name: { kind: "Name", value: "agentName" } },
          { kind: "Field", name: { kind: "Name", value: "agentVersion" } },
          { kind: "Field", name: { kind: "Name", value: "agentVersionId" } },
          { kind: "Field", name: { kind: "Name", value: "agentState" } },
          { kind: "Field", name: { kind: "Name", value: "projectId" } },
          { kind: "Field", name: { kind: "Name", value: "pinned" } },
          {
            kind: "Field",
            name: { kind: "Name", value: "resolvesTo" },
            selectionSet: {
              kind: "SelectionSet",
              selections: [
                { kind: "Field", name: { kind: "Name", value: "id" } },
                { kind: "Field", name: { kind: "Name", value: "version" } },
                { kind: "Field", name: { kind: "Name", value: "state" } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AgentUsageGraphQuery, AgentUsageGraphQueryVariables>;
