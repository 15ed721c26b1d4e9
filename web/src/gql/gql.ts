/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      prefix\n      role\n      createdAt\n      revokedAt\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String, $role: ApiKeyRole!) {\n    createApiKey(name: $name, role: $role) {\n      id\n      key\n      role\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      eventTypes\n      createdAt\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  query WebhookDeliveries($subscriptionId: ID, $status: String, $page: Int!, $limit: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, status: $status, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        webhookId\n        subscriptionId\n        eventType\n        status\n        attempts\n        createdAt\n        deliveredAt\n        nextAttemptAt\n        lastError\n        payload\n        attemptLog {\n          at\n          httpStatus\n          durationMs\n          error\n        }\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhook($url: String!, $eventTypes: [String!]!) {\n    createWebhookSubscription(url: $url, eventTypes: $eventTypes) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhookSubscription(id: $id)\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n      attempts\n      nextAttemptAt\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  mutation RedeliverFailedWebhooks($subscriptionId: ID!, $since: DateTime!) {\n    redeliverFailedWebhooks(subscriptionId: $subscriptionId, since: $since)\n  }\n": typeof types.RedeliverFailedWebhooksDocument,
    "\n  query AuditLog($resourceType: String, $action: String, $resourceId: String, $page: Int!, $limit: Int!) {\n    auditLog(resourceType: $resourceType, action: $action, resourceId: $resourceId, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        at\n        actor\n        actorKey {\n          id\n          name\n          role\n          revokedAt\n        }\n        action\n        resourceType\n        resourceId\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query Projects {\n    projects {\n      id\n      name\n      createdAt\n      skillLibrary {\n        id\n        name\n      }\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ProjectsDocument,
    "\n  mutation CreateProject($name: String!) {\n    createProject(name: $name) {\n      apiKey\n      project {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CreateProjectDocument,
    "\n  mutation SetSkillLibrary($projectId: ID!, $libraryProjectId: ID) {\n    setSkillLibrary(projectId: $projectId, libraryProjectId: $libraryProjectId) {\n      id\n    }\n  }\n": typeof types.SetSkillLibraryDocument,
    "\n  query AgentsList($page: Int!, $limit: Int!) {\n    agents(latest: true, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        agentId\n        name\n        alias\n        version\n        state\n        mode\n        updatedAt\n        skills {\n          name\n          versionId\n        }\n      }\n    }\n  }\n": typeof types.AgentsListDocument,
    "\n  query AgentVersionFull($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      alias\n      version\n      state\n      mode\n      prompt\n      maxLoadedSkills\n      catalogBudget\n      catalog {\n        ...CatalogFields\n      }\n      warnings\n      handoffTargets\n      knowledgeBaseIds\n      createdBy\n      createdByName\n      updatedAt\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        skill\n        pinned\n        resolvesTo {\n          id\n          version\n          revoked\n          revokedReason\n        }\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      model {\n        baseUrl\n        model\n        apiKey\n      }\n      mcpServers {\n        name\n        url\n        headers\n      }\n    }\n  }\n": typeof types.AgentVersionFullDocument,
    "\n  mutation SaveAgent($input: AgentInput!, $agentId: ID) {\n    saveAgent(input: $input, agentId: $agentId) {\n      id\n      agentId\n      version\n      state\n      warnings\n    }\n  }\n": typeof types.SaveAgentDocument,
    "\n  mutation PublishAgentVersion($id: ID!) {\n    publishAgentVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n": typeof types.PublishAgentVersionDocument,
    "\n  query LiveSkillNames($search: String) {\n    skills(state: PUBLISHED, search: $search, limit: 20) {\n      items {\n        id\n        name\n      }\n    }\n  }\n": typeof types.LiveSkillNamesDocument,
    "\n  query LiveVersionsOf($names: [String!]!) {\n    skills(state: PUBLISHED, names: $names, limit: 200) {\n      items {\n        id\n        name\n        version\n      }\n    }\n  }\n": typeof types.LiveVersionsOfDocument,
    "\n  query SkillVersionsForPicker($name: String!) {\n    skills(name: $name, limit: 100) {\n      items {\n        id\n        version\n        state\n        revoked\n      }\n    }\n  }\n": typeof types.SkillVersionsForPickerDocument,
    "\n  mutation DeleteAgent($agentId: ID!) {\n    deleteAgent(agentId: $agentId)\n  }\n": typeof types.DeleteAgentDocument,
    "\n  query AgentSkillSearch($agentId: ID!, $query: String!) {\n    agentSkillSearch(agentId: $agentId, query: $query, limit: 5) {\n      name\n      description\n      score\n    }\n  }\n": typeof types.AgentSkillSearchDocument,
    "\n  query AgentChoices($search: String, $limit: Int!, $latest: Boolean, $state: VersionState) {\n    agents(latest: $latest, state: $state, search: $search, limit: $limit) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n": typeof types.AgentChoicesDocument,
    "\n  query AgentChosen($agentId: ID!) {\n    agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n": typeof types.AgentChosenDocument,
    "\n  query AgentToOpen($agentId: ID!) {\n    published: agents(agentId: $agentId, state: PUBLISHED, limit: 1) {\n      items {\n        id\n      }\n    }\n    newest: agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        id\n      }\n    }\n  }\n": typeof types.AgentToOpenDocument,
    "\n  fragment ApprovalFields on Approval {\n    id\n    digest\n    approvedBy\n    approvedByName\n    current\n    createdAt\n    mayWithdraw\n  }\n": typeof types.ApprovalFieldsFragmentDoc,
    "\n  query SkillVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n": typeof types.SkillVersionReviewDocument,
    "\n  query AgentVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    agentVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n": typeof types.AgentVersionReviewDocument,
    "\n  mutation ApproveVersion($versionId: ID!, $digest: String!) {\n    approveVersion(versionId: $versionId, digest: $digest) {\n      ...ApprovalFields\n    }\n  }\n": typeof types.ApproveVersionDocument,
    "\n  mutation WithdrawApproval($id: ID!) {\n    withdrawApproval(id: $id)\n  }\n": typeof types.WithdrawApprovalDocument,
    "\n  query PublishPolicy {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n        blockSeverity\n      }\n    }\n  }\n": typeof types.PublishPolicyDocument,
    "\n  mutation SetPublishPolicy($requiredApprovals: Int!, $allowSelfApproval: Boolean, $blockSeverity: FindingSeverity) {\n    setPublishPolicy(\n      requiredApprovals: $requiredApprovals\n      allowSelfApproval: $allowSelfApproval\n      blockSeverity: $blockSeverity\n    ) {\n      requiredApprovals\n      allowSelfApproval\n      blockSeverity\n    }\n  }\n": typeof types.SetPublishPolicyDocument,
    "\n  fragment CallEventFields on CallEvent {\n    id\n    type\n    at\n    data\n    loadedAfter\n    systemPromptAfter\n    toolsAfter {\n      name\n      description\n      source\n    }\n  }\n": typeof types.CallEventFieldsFragmentDoc,
    "\n  fragment CallFields on Call {\n    id\n    status\n    agentId\n    agentName\n    startedAt\n    endedAt\n    warnings\n    loadedSkills\n    systemPrompt\n    skills {\n      ...ResolvedSkillFields\n    }\n    catalog {\n      ...CatalogFields\n    }\n    tools {\n      name\n      description\n      source\n    }\n    events {\n      ...CallEventFields\n    }\n    toolInvocations {\n      ...ToolInvocationFields\n    }\n  }\n": typeof types.CallFieldsFragmentDoc,
    "\n  fragment ResolvedSkillFields on CallSkill {\n    name\n    version\n    versionId\n    pinned\n    loaded\n  }\n": typeof types.ResolvedSkillFieldsFragmentDoc,
    "\n  fragment CatalogFields on CallCatalog {\n    shown\n    omitted\n    budget\n  }\n": typeof types.CatalogFieldsFragmentDoc,
    "\n  fragment ToolInvocationFields on ToolInvocation {\n    id\n    tool\n    source\n    arguments\n    status\n    result\n    error\n    latencyMs\n    at\n  }\n": typeof types.ToolInvocationFieldsFragmentDoc,
    "\n  subscription CallEvents($callId: ID!) {\n    callEvents(callId: $callId) {\n      ...CallEventFields\n    }\n  }\n": typeof types.CallEventsDocument,
    "\n  subscription CallToolInvocations($callId: ID!) {\n    callToolInvocations(callId: $callId) {\n      ...ToolInvocationFields\n    }\n  }\n": typeof types.CallToolInvocationsDocument,
    "\n  query CallsList(\n    $agentId: ID\n    $skillName: String\n    $status: String\n    $startedAfter: DateTime\n    $startedBefore: DateTime\n    $page: Int!\n    $limit: Int!\n  ) {\n    calls(\n      agentId: $agentId\n      skillName: $skillName\n      status: $status\n      startedAfter: $startedAfter\n      startedBefore: $startedBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        status\n        agentId\n        agentName\n        startedAt\n        endedAt\n        loadedSkills\n      }\n    }\n  }\n": typeof types.CallsListDocument,
    "\n  query ReadCall($id: ID!) {\n    call(id: $id) {\n      ...CallFields\n    }\n  }\n": typeof types.ReadCallDocument,
    "\n  mutation StartCall($input: StartCallInput!) {\n    startCall(input: $input) {\n      ...CallFields\n    }\n  }\n": typeof types.StartCallDocument,
    "\n  mutation LoadSkill($callId: ID!, $name: String!) {\n    loadSkill(callId: $callId, name: $name) {\n      status\n      skill\n      unloaded\n      message\n      call {\n        ...CallFields\n      }\n    }\n  }\n": typeof types.LoadSkillDocument,
    "\n  mutation RunTool($callId: ID!, $name: String!, $arguments: JSON!) {\n    runTool(callId: $callId, name: $name, arguments: $arguments) {\n      id\n      tool\n      status\n      result\n      error\n      latencyMs\n    }\n  }\n": typeof types.RunToolDocument,
    "\n  mutation EndCall($callId: ID!) {\n    endCall(callId: $callId) {\n      ...CallFields\n    }\n  }\n": typeof types.EndCallDocument,
    "\n  fragment EvalRunSummary on EvalRun {\n    id\n    status\n    progress\n    passRate\n    total\n    error\n    warnings\n    createdAt\n    finishedAt\n  }\n": typeof types.EvalRunSummaryFragmentDoc,
    "\n  query EvalRuns($page: Int!, $limit: Int!) {\n    evalRuns(page: $page, limit: $limit) {\n      total\n      items {\n        ...EvalRunSummary\n      }\n    }\n  }\n": typeof types.EvalRunsDocument,
    "\n  query EvalRun($id: ID!) {\n    evalRun(id: $id) {\n      ...EvalRunSummary\n      resolvedConfig\n      results {\n        scenarioId\n        agentId\n        iteration\n        passed\n        transcript\n        toolCalls\n        expectations\n      }\n    }\n  }\n": typeof types.EvalRunDocument,
    "\n  mutation StartEvalRun($input: StartEvalRunInput!) {\n    startEvalRun(input: $input) {\n      ...EvalRunSummary\n    }\n  }\n": typeof types.StartEvalRunDocument,
    "\n  query EvalAgents {\n    agents(state: PUBLISHED, limit: 200) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n": typeof types.EvalAgentsDocument,
    "\n  query EvalScenarios($tag: String, $page: Int!, $limit: Int!) {\n    evalScenarios(tag: $tag, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        name\n        tags\n        turns\n        expectations\n        mocks\n        mockOnly\n        variables\n        createdAt\n      }\n    }\n  }\n": typeof types.EvalScenariosDocument,
    "\n  mutation SaveEvalScenario($input: EvalScenarioInput!, $id: ID) {\n    saveEvalScenario(input: $input, id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.SaveEvalScenarioDocument,
    "\n  mutation DeleteEvalScenario($id: ID!) {\n    deleteEvalScenario(id: $id)\n  }\n": typeof types.DeleteEvalScenarioDocument,
    "\n  query PublishEvaluation($versionId: ID!, $iterations: Int!) {\n    publishPreview(versionId: $versionId) {\n      evaluation(iterations: $iterations) {\n        tag\n        iterations\n        scenarios\n        warnings\n        agents {\n          agentId\n          agentName\n          candidate {\n            version\n            results\n            passed\n            loaded\n          }\n          live {\n            version\n            results\n            passed\n            loaded\n          }\n        }\n      }\n    }\n  }\n": typeof types.PublishEvaluationDocument,
    "\n  query InsightSkills($from: DateTime!, $to: DateTime!, $bucket: String!, $first: Int!, $after: String) {\n    skillInsights(from: $from, to: $to, bucket: $bucket, first: $first, after: $after) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        evictions\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n": typeof types.InsightSkillsDocument,
    "\n  query InsightsPage($from: DateTime!, $to: DateTime!) {\n    unusedSkills(from: $from, to: $to)\n    capAdvice(from: $from, to: $to) {\n      agentId\n      agentName\n      maxLoadedSkills\n      evictions\n      suggestedMax\n    }\n  }\n": typeof types.InsightsPageDocument,
    "\n  query SkillInsight($from: DateTime!, $to: DateTime!, $skill: String!) {\n    skillInsights(from: $from, to: $to, bucket: \"day\", skill: $skill) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n": typeof types.SkillInsightDocument,
    "\n  query KnowledgeBaseList {\n    knowledgeBases {\n      id\n      name\n      description\n      createdAt\n      documents {\n        id\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        name\n        version\n        state\n      }\n    }\n  }\n": typeof types.KnowledgeBaseListDocument,
    "\n  query ReadKnowledgeBase($id: ID!) {\n    knowledgeBase(id: $id) {\n      id\n      name\n      description\n      topK\n      similarityThreshold\n      createdAt\n      documents {\n        id\n        title\n        content\n        createdAt\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        agentId\n        name\n        version\n        state\n      }\n    }\n  }\n": typeof types.ReadKnowledgeBaseDocument,
    "\n  mutation CreateKnowledgeBase($input: KnowledgeBaseInput!) {\n    createKnowledgeBase(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateKnowledgeBaseDocument,
    "\n  mutation AddKnowledgeDocument($knowledgeBaseId: ID!, $title: String!, $content: String!) {\n    addKnowledgeDocument(knowledgeBaseId: $knowledgeBaseId, title: $title, content: $content) {\n      id\n      title\n    }\n  }\n": typeof types.AddKnowledgeDocumentDocument,
    "\n  mutation DeleteKnowledgeDocument($id: ID!) {\n    deleteKnowledgeDocument(id: $id)\n  }\n": typeof types.DeleteKnowledgeDocumentDocument,
    "\n  query SkillVersionAttestation($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      attestation\n    }\n  }\n": typeof types.SkillVersionAttestationDocument,
    "\n  fragment ContentReviewFields on ContentReview {\n    status\n    highest\n    rulesVersion\n    reviewedAt\n    findings {\n      id\n      rule\n      severity\n      path\n      line\n      column\n      excerpt\n      message\n      suppressed\n      suppression {\n        reason\n        by\n        byName\n        at\n      }\n    }\n  }\n": typeof types.ContentReviewFieldsFragmentDoc,
    "\n  query SkillVersionContentReview($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n": typeof types.SkillVersionContentReviewDocument,
    "\n  mutation SuppressFinding($versionId: ID!, $findingId: ID!, $digest: String!, $reason: String!) {\n    suppressFinding(versionId: $versionId, findingId: $findingId, digest: $digest, reason: $reason) {\n      id\n      suppressed\n    }\n  }\n": typeof types.SuppressFindingDocument,
    "\n  mutation ReviewSkillContent($input: SkillVersionInput!) {\n    reviewSkillContent(input: $input) {\n      ...ContentReviewFields\n    }\n  }\n": typeof types.ReviewSkillContentDocument,
    "\n  query RevokeContext($id: ID!, $name: String!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      usage {\n        agentVersionId\n        agentName\n        agentVersion\n        agentState\n        projectId\n        pinned\n        resolvesTo {\n          id\n        }\n      }\n    }\n    skills(name: $name, state: ARCHIVED, limit: 100) {\n      items {\n        id\n        version\n        revoked\n      }\n    }\n  }\n": typeof types.RevokeContextDocument,
    "\n  mutation RevokeSkillVersion($id: ID!, $reason: String!, $rollbackTo: ID) {\n    revokeSkillVersion(id: $id, reason: $reason, rollbackTo: $rollbackTo) {\n      id\n      state\n      revoked\n      revokedReason\n      revokedAt\n    }\n  }\n": typeof types.RevokeSkillVersionDocument,
    "\n  fragment RolloutArmFields on RolloutArm {\n    arm\n    version {\n      id\n      version\n    }\n    starts\n    loads\n    loadRate\n    toolRuns\n    toolErrors\n    toolErrorRate\n    outcomes\n    successRate\n    evalPassRate\n  }\n": typeof types.RolloutArmFieldsFragmentDoc,
    "\n  fragment RolloutFields on Rollout {\n    id\n    skill\n    status\n    percent\n    steps\n    stepIndex\n    stepMinutes\n    nextStepAt\n    evalTag\n    endReason\n    startedAt\n    endedAt\n    candidate {\n      id\n      version\n    }\n    live {\n      id\n      version\n    }\n    guards {\n      metric\n      maxDegradation\n      minSamples\n      alpha\n      tripped\n      verdict\n      evidence {\n        liveSamples\n        candidateSamples\n        live\n        candidate\n        differenceLow\n        differenceHigh\n        samplesNeeded\n      }\n    }\n    arms {\n      ...RolloutArmFields\n    }\n    events {\n      at\n      kind\n      percent\n      detail\n      actorName\n    }\n  }\n": typeof types.RolloutFieldsFragmentDoc,
    "\n  query ReadRollout($id: ID!) {\n    rollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": typeof types.ReadRolloutDocument,
    "\n  subscription RolloutUpdates($id: ID!) {\n    rolloutUpdates(id: $id) {\n      ...RolloutFields\n    }\n  }\n": typeof types.RolloutUpdatesDocument,
    "\n  query RolloutsList($skill: String, $status: String, $page: Int!, $limit: Int!) {\n    rollouts(skill: $skill, status: $status, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        skill\n        status\n        percent\n        steps\n        startedAt\n        endedAt\n        endReason\n        candidate {\n          id\n          version\n        }\n        live {\n          id\n          version\n        }\n      }\n    }\n  }\n": typeof types.RolloutsListDocument,
    "\n  query ActiveRollouts($skill: String) {\n    running: rollouts(skill: $skill, status: \"running\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n    paused: rollouts(skill: $skill, status: \"paused\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n  }\n": typeof types.ActiveRolloutsDocument,
    "\n  query RolloutForecast($input: StartRolloutInput!) {\n    rolloutForecast(input: $input) {\n      days\n      agents\n      calls\n      guards {\n        metric\n        maxDegradation\n        rate\n        rateFromTraffic\n        samplesPerArm\n        samplesPerDay\n        minutes\n        coverage\n        steps\n      }\n    }\n  }\n": typeof types.RolloutForecastDocument,
    "\n  mutation StartRollout($input: StartRolloutInput!) {\n    startRollout(input: $input) {\n      id\n      skill\n    }\n  }\n": typeof types.StartRolloutDocument,
    "\n  mutation AdvanceRollout($id: ID!) {\n    advanceRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": typeof types.AdvanceRolloutDocument,
    "\n  mutation PauseRollout($id: ID!) {\n    pauseRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": typeof types.PauseRolloutDocument,
    "\n  mutation ResumeRollout($id: ID!) {\n    resumeRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": typeof types.ResumeRolloutDocument,
    "\n  mutation AbortRollout($id: ID!, $reason: String!) {\n    abortRollout(id: $id, reason: $reason) {\n      ...RolloutFields\n    }\n  }\n": typeof types.AbortRolloutDocument,
    "\n  mutation CheckRollout($id: ID!) {\n    checkRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": typeof types.CheckRolloutDocument,
    "\n  query SessionsList($agentId: ID, $createdAfter: DateTime, $createdBefore: DateTime, $page: Int!, $limit: Int!) {\n    chatSessions(\n      agentId: $agentId\n      createdAfter: $createdAfter\n      createdBefore: $createdBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        agentId\n        agentName\n        createdAt\n        loadedSkills\n        messageCount\n        firstUserMessage\n      }\n    }\n  }\n": typeof types.SessionsListDocument,
    "\n  query ReadSession($id: ID!) {\n    chatSession(id: $id) {\n      id\n      agentId\n      agentName\n      createdAt\n      variables\n      warnings\n      loadedSkills\n      systemPrompt\n      skills {\n        ...ResolvedSkillFields\n      }\n      catalog {\n        ...CatalogFields\n      }\n      tools {\n        name\n        source\n      }\n      messages {\n        role\n        content\n        toolCalls\n        toolCallId\n        at\n      }\n      toolInvocations {\n        ...ToolInvocationFields\n      }\n    }\n  }\n": typeof types.ReadSessionDocument,
    "\n  query PlatformProbe {\n    projects {\n      id\n    }\n  }\n": typeof types.PlatformProbeDocument,
    "\n  query ProjectProbe {\n    project {\n      id\n      name\n    }\n  }\n": typeof types.ProjectProbeDocument,
    "\n  query KeysProbe {\n    apiKeys {\n      id\n      prefix\n      role\n      revokedAt\n    }\n  }\n": typeof types.KeysProbeDocument,
    "\n  query EditorProbe {\n    publishPreview(versionId: \"00000000-0000-0000-0000-000000000000\") {\n      version {\n        id\n      }\n    }\n  }\n": typeof types.EditorProbeDocument,
    "\n  query SkillsList($search: String, $state: VersionState, $page: Int!, $limit: Int!) {\n    skills(search: $search, state: $state, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        name\n        version\n        state\n        description\n        createdBy\n        createdByName\n        updatedAt\n        publishedAt\n        review {\n          status\n          highest\n        }\n      }\n    }\n  }\n": typeof types.SkillsListDocument,
    "\n  query SkillVersionFull($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      skillMd\n      description\n      warnings\n      createdBy\n      createdByName\n      createdAt\n      updatedAt\n      publishedAt\n      revoked\n      revokedReason\n      revokedAt\n      usage {\n        agentVersionId\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      files {\n        path\n        size\n        sha256\n        contentBase64\n      }\n      knowledgeBases {\n        mode\n        knowledgeBase {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.SkillVersionFullDocument,
    "\n  query KnowledgeBaseChoices {\n    knowledgeBases {\n      id\n      name\n    }\n  }\n": typeof types.KnowledgeBaseChoicesDocument,
    "\n  mutation CreateSkillVersion($input: SkillVersionInput!) {\n    createSkillVersion(input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n    }\n  }\n": typeof types.CreateSkillVersionDocument,
    "\n  mutation UpdateSkillVersion($id: ID!, $input: SkillVersionInput!) {\n    updateSkillVersion(id: $id, input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n      updatedAt\n      # AP-3: an edit changes the digest and outdates approvals; the review panel reads both from the cache\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n      # CR-1: an edit is reviewed again (and drops suppressions): the findings and the publish button read it\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n": typeof types.UpdateSkillVersionDocument,
    "\n  mutation PublishSkillVersion($id: ID!) {\n    publishSkillVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n": typeof types.PublishSkillVersionDocument,
    "\n  mutation RollbackSkill($name: String!, $toVersionId: ID!) {\n    rollbackSkill(name: $name, toVersionId: $toVersionId) {\n      id\n      state\n      publishedAt\n    }\n  }\n": typeof types.RollbackSkillDocument,
    "\n  mutation DeleteSkillVersion($id: ID!) {\n    deleteSkillVersion(id: $id)\n  }\n": typeof types.DeleteSkillVersionDocument,
    "\n  fragment PreviewFields on PublishPreview {\n    version {\n      id\n      name\n      version\n    }\n    live {\n      id\n      version\n    }\n    reaches {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n    }\n    pinned {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n      resolvesTo {\n        id\n        version\n      }\n    }\n    toolCollisions {\n      agentId\n      agentName\n      agentVersion\n      agentVersionId\n      tool\n    }\n  }\n": typeof types.PreviewFieldsFragmentDoc,
    "\n  query PublishPreview($versionId: ID!) {\n    publishPreview(versionId: $versionId) {\n      ...PreviewFields\n    }\n  }\n": typeof types.PublishPreviewDocument,
    "\n  query RollbackPreview($name: String!, $toVersionId: ID!) {\n    rollbackPreview(name: $name, toVersionId: $toVersionId) {\n      ...PreviewFields\n    }\n  }\n": typeof types.RollbackPreviewDocument,
    "\n  query SkillHistory($name: String!) {\n    skills(name: $name, limit: 100) {\n      total\n      items {\n        id\n        version\n        state\n        createdBy\n        createdByName\n        createdAt\n        updatedAt\n        publishedAt\n        archivedAt\n        revoked\n        revokedReason\n      }\n    }\n  }\n": typeof types.SkillHistoryDocument,
    "\n  query SkillDiff($fromId: ID!, $toId: ID!) {\n    diffSkillVersions(fromId: $fromId, toId: $toId)\n    from: skillVersion(id: $fromId) {\n      ...DiffSide\n    }\n    to: skillVersion(id: $toId) {\n      ...DiffSide\n    }\n  }\n": typeof types.SkillDiffDocument,
    "\n  fragment DiffSide on SkillVersion {\n    id\n    version\n    state\n    skillMd\n    knowledgeBases {\n      mode\n      knowledgeBase {\n        id\n        name\n      }\n    }\n    files {\n      path\n      size\n      contentBase64\n    }\n  }\n": typeof types.DiffSideFragmentDoc,
    "\n  query ExportSkillBundle($id: ID!) {\n    exportSkillBundle(id: $id)\n  }\n": typeof types.ExportSkillBundleDocument,
    "\n  mutation ImportSkillBundle($zipBase64: String!) {\n    importSkillBundle(zipBase64: $zipBase64) {\n      id\n      name\n      version\n    }\n  }\n": typeof types.ImportSkillBundleDocument,
    "\n  fragment UsageRowFields on SkillUsage {\n    skill\n    agentId\n    agentName\n    agentVersion\n    agentVersionId\n    agentState\n    projectId\n    pinned\n    resolvesTo {\n      id\n      version\n      state\n      revoked\n    }\n  }\n": typeof types.UsageRowFieldsFragmentDoc,
    "\n  query SkillUsageGraph($name: String!) {\n    skillUsage(name: $name) {\n      ...UsageRowFields\n    }\n    live: skills(name: $name, state: PUBLISHED, limit: 1) {\n      items {\n        id\n        version\n      }\n    }\n    versions: skills(name: $name, limit: 1) {\n      total\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n": typeof types.SkillUsageGraphDocument,
    "\n  query AgentUsageGraph($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      version\n      state\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        ...UsageRowFields\n      }\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n": typeof types.AgentUsageGraphDocument,
};
const documents: Documents = {
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      prefix\n      role\n      createdAt\n      revokedAt\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String, $role: ApiKeyRole!) {\n    createApiKey(name: $name, role: $role) {\n      id\n      key\n      role\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n": types.RevokeApiKeyDocument,
    "\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      eventTypes\n      createdAt\n    }\n  }\n": types.WebhooksDocument,
    "\n  query WebhookDeliveries($subscriptionId: ID, $status: String, $page: Int!, $limit: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, status: $status, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        webhookId\n        subscriptionId\n        eventType\n        status\n        attempts\n        createdAt\n        deliveredAt\n        nextAttemptAt\n        lastError\n        payload\n        attemptLog {\n          at\n          httpStatus\n          durationMs\n          error\n        }\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhook($url: String!, $eventTypes: [String!]!) {\n    createWebhookSubscription(url: $url, eventTypes: $eventTypes) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhookSubscription(id: $id)\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n      attempts\n      nextAttemptAt\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  mutation RedeliverFailedWebhooks($subscriptionId: ID!, $since: DateTime!) {\n    redeliverFailedWebhooks(subscriptionId: $subscriptionId, since: $since)\n  }\n": types.RedeliverFailedWebhooksDocument,
    "\n  query AuditLog($resourceType: String, $action: String, $resourceId: String, $page: Int!, $limit: Int!) {\n    auditLog(resourceType: $resourceType, action: $action, resourceId: $resourceId, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        at\n        actor\n        actorKey {\n          id\n          name\n          role\n          revokedAt\n        }\n        action\n        resourceType\n        resourceId\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  query Projects {\n    projects {\n      id\n      name\n      createdAt\n      skillLibrary {\n        id\n        name\n      }\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n": types.ProjectsDocument,
    "\n  mutation CreateProject($name: String!) {\n    createProject(name: $name) {\n      apiKey\n      project {\n        id\n        name\n      }\n    }\n  }\n": types.CreateProjectDocument,
    "\n  mutation SetSkillLibrary($projectId: ID!, $libraryProjectId: ID) {\n    setSkillLibrary(projectId: $projectId, libraryProjectId: $libraryProjectId) {\n      id\n    }\n  }\n": types.SetSkillLibraryDocument,
    "\n  query AgentsList($page: Int!, $limit: Int!) {\n    agents(latest: true, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        agentId\n        name\n        alias\n        version\n        state\n        mode\n        updatedAt\n        skills {\n          name\n          versionId\n        }\n      }\n    }\n  }\n": types.AgentsListDocument,
    "\n  query AgentVersionFull($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      alias\n      version\n      state\n      mode\n      prompt\n      maxLoadedSkills\n      catalogBudget\n      catalog {\n        ...CatalogFields\n      }\n      warnings\n      handoffTargets\n      knowledgeBaseIds\n      createdBy\n      createdByName\n      updatedAt\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        skill\n        pinned\n        resolvesTo {\n          id\n          version\n          revoked\n          revokedReason\n        }\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      model {\n        baseUrl\n        model\n        apiKey\n      }\n      mcpServers {\n        name\n        url\n        headers\n      }\n    }\n  }\n": types.AgentVersionFullDocument,
    "\n  mutation SaveAgent($input: AgentInput!, $agentId: ID) {\n    saveAgent(input: $input, agentId: $agentId) {\n      id\n      agentId\n      version\n      state\n      warnings\n    }\n  }\n": types.SaveAgentDocument,
    "\n  mutation PublishAgentVersion($id: ID!) {\n    publishAgentVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n": types.PublishAgentVersionDocument,
    "\n  query LiveSkillNames($search: String) {\n    skills(state: PUBLISHED, search: $search, limit: 20) {\n      items {\n        id\n        name\n      }\n    }\n  }\n": types.LiveSkillNamesDocument,
    "\n  query LiveVersionsOf($names: [String!]!) {\n    skills(state: PUBLISHED, names: $names, limit: 200) {\n      items {\n        id\n        name\n        version\n      }\n    }\n  }\n": types.LiveVersionsOfDocument,
    "\n  query SkillVersionsForPicker($name: String!) {\n    skills(name: $name, limit: 100) {\n      items {\n        id\n        version\n        state\n        revoked\n      }\n    }\n  }\n": types.SkillVersionsForPickerDocument,
    "\n  mutation DeleteAgent($agentId: ID!) {\n    deleteAgent(agentId: $agentId)\n  }\n": types.DeleteAgentDocument,
    "\n  query AgentSkillSearch($agentId: ID!, $query: String!) {\n    agentSkillSearch(agentId: $agentId, query: $query, limit: 5) {\n      name\n      description\n      score\n    }\n  }\n": types.AgentSkillSearchDocument,
    "\n  query AgentChoices($search: String, $limit: Int!, $latest: Boolean, $state: VersionState) {\n    agents(latest: $latest, state: $state, search: $search, limit: $limit) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n": types.AgentChoicesDocument,
    "\n  query AgentChosen($agentId: ID!) {\n    agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n": types.AgentChosenDocument,
    "\n  query AgentToOpen($agentId: ID!) {\n    published: agents(agentId: $agentId, state: PUBLISHED, limit: 1) {\n      items {\n        id\n      }\n    }\n    newest: agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        id\n      }\n    }\n  }\n": types.AgentToOpenDocument,
    "\n  fragment ApprovalFields on Approval {\n    id\n    digest\n    approvedBy\n    approvedByName\n    current\n    createdAt\n    mayWithdraw\n  }\n": types.ApprovalFieldsFragmentDoc,
    "\n  query SkillVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n": types.SkillVersionReviewDocument,
    "\n  query AgentVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    agentVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n": types.AgentVersionReviewDocument,
    "\n  mutation ApproveVersion($versionId: ID!, $digest: String!) {\n    approveVersion(versionId: $versionId, digest: $digest) {\n      ...ApprovalFields\n    }\n  }\n": types.ApproveVersionDocument,
    "\n  mutation WithdrawApproval($id: ID!) {\n    withdrawApproval(id: $id)\n  }\n": types.WithdrawApprovalDocument,
    "\n  query PublishPolicy {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n        blockSeverity\n      }\n    }\n  }\n": types.PublishPolicyDocument,
    "\n  mutation SetPublishPolicy($requiredApprovals: Int!, $allowSelfApproval: Boolean, $blockSeverity: FindingSeverity) {\n    setPublishPolicy(\n      requiredApprovals: $requiredApprovals\n      allowSelfApproval: $allowSelfApproval\n      blockSeverity: $blockSeverity\n    ) {\n      requiredApprovals\n      allowSelfApproval\n      blockSeverity\n    }\n  }\n": types.SetPublishPolicyDocument,
    "\n  fragment CallEventFields on CallEvent {\n    id\n    type\n    at\n    data\n    loadedAfter\n    systemPromptAfter\n    toolsAfter {\n      name\n      description\n      source\n    }\n  }\n": types.CallEventFieldsFragmentDoc,
    "\n  fragment CallFields on Call {\n    id\n    status\n    agentId\n    agentName\n    startedAt\n    endedAt\n    warnings\n    loadedSkills\n    systemPrompt\n    skills {\n      ...ResolvedSkillFields\n    }\n    catalog {\n      ...CatalogFields\n    }\n    tools {\n      name\n      description\n      source\n    }\n    events {\n      ...CallEventFields\n    }\n    toolInvocations {\n      ...ToolInvocationFields\n    }\n  }\n": types.CallFieldsFragmentDoc,
    "\n  fragment ResolvedSkillFields on CallSkill {\n    name\n    version\n    versionId\n    pinned\n    loaded\n  }\n": types.ResolvedSkillFieldsFragmentDoc,
    "\n  fragment CatalogFields on CallCatalog {\n    shown\n    omitted\n    budget\n  }\n": types.CatalogFieldsFragmentDoc,
    "\n  fragment ToolInvocationFields on ToolInvocation {\n    id\n    tool\n    source\n    arguments\n    status\n    result\n    error\n    latencyMs\n    at\n  }\n": types.ToolInvocationFieldsFragmentDoc,
    "\n  subscription CallEvents($callId: ID!) {\n    callEvents(callId: $callId) {\n      ...CallEventFields\n    }\n  }\n": types.CallEventsDocument,
    "\n  subscription CallToolInvocations($callId: ID!) {\n    callToolInvocations(callId: $callId) {\n      ...ToolInvocationFields\n    }\n  }\n": types.CallToolInvocationsDocument,
    "\n  query CallsList(\n    $agentId: ID\n    $skillName: String\n    $status: String\n    $startedAfter: DateTime\n    $startedBefore: DateTime\n    $page: Int!\n    $limit: Int!\n  ) {\n    calls(\n      agentId: $agentId\n      skillName: $skillName\n      status: $status\n      startedAfter: $startedAfter\n      startedBefore: $startedBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        status\n        agentId\n        agentName\n        startedAt\n        endedAt\n        loadedSkills\n      }\n    }\n  }\n": types.CallsListDocument,
    "\n  query ReadCall($id: ID!) {\n    call(id: $id) {\n      ...CallFields\n    }\n  }\n": types.ReadCallDocument,
    "\n  mutation StartCall($input: StartCallInput!) {\n    startCall(input: $input) {\n      ...CallFields\n    }\n  }\n": types.StartCallDocument,
    "\n  mutation LoadSkill($callId: ID!, $name: String!) {\n    loadSkill(callId: $callId, name: $name) {\n      status\n      skill\n      unloaded\n      message\n      call {\n        ...CallFields\n      }\n    }\n  }\n": types.LoadSkillDocument,
    "\n  mutation RunTool($callId: ID!, $name: String!, $arguments: JSON!) {\n    runTool(callId: $callId, name: $name, arguments: $arguments) {\n      id\n      tool\n      status\n      result\n      error\n      latencyMs\n    }\n  }\n": types.RunToolDocument,
    "\n  mutation EndCall($callId: ID!) {\n    endCall(callId: $callId) {\n      ...CallFields\n    }\n  }\n": types.EndCallDocument,
    "\n  fragment EvalRunSummary on EvalRun {\n    id\n    status\n    progress\n    passRate\n    total\n    error\n    warnings\n    createdAt\n    finishedAt\n  }\n": types.EvalRunSummaryFragmentDoc,
    "\n  query EvalRuns($page: Int!, $limit: Int!) {\n    evalRuns(page: $page, limit: $limit) {\n      total\n      items {\n        ...EvalRunSummary\n      }\n    }\n  }\n": types.EvalRunsDocument,
    "\n  query EvalRun($id: ID!) {\n    evalRun(id: $id) {\n      ...EvalRunSummary\n      resolvedConfig\n      results {\n        scenarioId\n        agentId\n        iteration\n        passed\n        transcript\n        toolCalls\n        expectations\n      }\n    }\n  }\n": types.EvalRunDocument,
    "\n  mutation StartEvalRun($input: StartEvalRunInput!) {\n    startEvalRun(input: $input) {\n      ...EvalRunSummary\n    }\n  }\n": types.StartEvalRunDocument,
    "\n  query EvalAgents {\n    agents(state: PUBLISHED, limit: 200) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n": types.EvalAgentsDocument,
    "\n  query EvalScenarios($tag: String, $page: Int!, $limit: Int!) {\n    evalScenarios(tag: $tag, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        name\n        tags\n        turns\n        expectations\n        mocks\n        mockOnly\n        variables\n        createdAt\n      }\n    }\n  }\n": types.EvalScenariosDocument,
    "\n  mutation SaveEvalScenario($input: EvalScenarioInput!, $id: ID) {\n    saveEvalScenario(input: $input, id: $id) {\n      id\n      name\n    }\n  }\n": types.SaveEvalScenarioDocument,
    "\n  mutation DeleteEvalScenario($id: ID!) {\n    deleteEvalScenario(id: $id)\n  }\n": types.DeleteEvalScenarioDocument,
    "\n  query PublishEvaluation($versionId: ID!, $iterations: Int!) {\n    publishPreview(versionId: $versionId) {\n      evaluation(iterations: $iterations) {\n        tag\n        iterations\n        scenarios\n        warnings\n        agents {\n          agentId\n          agentName\n          candidate {\n            version\n            results\n            passed\n            loaded\n          }\n          live {\n            version\n            results\n            passed\n            loaded\n          }\n        }\n      }\n    }\n  }\n": types.PublishEvaluationDocument,
    "\n  query InsightSkills($from: DateTime!, $to: DateTime!, $bucket: String!, $first: Int!, $after: String) {\n    skillInsights(from: $from, to: $to, bucket: $bucket, first: $first, after: $after) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        evictions\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n": types.InsightSkillsDocument,
    "\n  query InsightsPage($from: DateTime!, $to: DateTime!) {\n    unusedSkills(from: $from, to: $to)\n    capAdvice(from: $from, to: $to) {\n      agentId\n      agentName\n      maxLoadedSkills\n      evictions\n      suggestedMax\n    }\n  }\n": types.InsightsPageDocument,
    "\n  query SkillInsight($from: DateTime!, $to: DateTime!, $skill: String!) {\n    skillInsights(from: $from, to: $to, bucket: \"day\", skill: $skill) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n": types.SkillInsightDocument,
    "\n  query KnowledgeBaseList {\n    knowledgeBases {\n      id\n      name\n      description\n      createdAt\n      documents {\n        id\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        name\n        version\n        state\n      }\n    }\n  }\n": types.KnowledgeBaseListDocument,
    "\n  query ReadKnowledgeBase($id: ID!) {\n    knowledgeBase(id: $id) {\n      id\n      name\n      description\n      topK\n      similarityThreshold\n      createdAt\n      documents {\n        id\n        title\n        content\n        createdAt\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        agentId\n        name\n        version\n        state\n      }\n    }\n  }\n": types.ReadKnowledgeBaseDocument,
    "\n  mutation CreateKnowledgeBase($input: KnowledgeBaseInput!) {\n    createKnowledgeBase(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateKnowledgeBaseDocument,
    "\n  mutation AddKnowledgeDocument($knowledgeBaseId: ID!, $title: String!, $content: String!) {\n    addKnowledgeDocument(knowledgeBaseId: $knowledgeBaseId, title: $title, content: $content) {\n      id\n      title\n    }\n  }\n": types.AddKnowledgeDocumentDocument,
    "\n  mutation DeleteKnowledgeDocument($id: ID!) {\n    deleteKnowledgeDocument(id: $id)\n  }\n": types.DeleteKnowledgeDocumentDocument,
    "\n  query SkillVersionAttestation($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      attestation\n    }\n  }\n": types.SkillVersionAttestationDocument,
    "\n  fragment ContentReviewFields on ContentReview {\n    status\n    highest\n    rulesVersion\n    reviewedAt\n    findings {\n      id\n      rule\n      severity\n      path\n      line\n      column\n      excerpt\n      message\n      suppressed\n      suppression {\n        reason\n        by\n        byName\n        at\n      }\n    }\n  }\n": types.ContentReviewFieldsFragmentDoc,
    "\n  query SkillVersionContentReview($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n": types.SkillVersionContentReviewDocument,
    "\n  mutation SuppressFinding($versionId: ID!, $findingId: ID!, $digest: String!, $reason: String!) {\n    suppressFinding(versionId: $versionId, findingId: $findingId, digest: $digest, reason: $reason) {\n      id\n      suppressed\n    }\n  }\n": types.SuppressFindingDocument,
    "\n  mutation ReviewSkillContent($input: SkillVersionInput!) {\n    reviewSkillContent(input: $input) {\n      ...ContentReviewFields\n    }\n  }\n": types.ReviewSkillContentDocument,
    "\n  query RevokeContext($id: ID!, $name: String!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      usage {\n        agentVersionId\n        agentName\n        agentVersion\n        agentState\n        projectId\n        pinned\n        resolvesTo {\n          id\n        }\n      }\n    }\n    skills(name: $name, state: ARCHIVED, limit: 100) {\n      items {\n        id\n        version\n        revoked\n      }\n    }\n  }\n": types.RevokeContextDocument,
    "\n  mutation RevokeSkillVersion($id: ID!, $reason: String!, $rollbackTo: ID) {\n    revokeSkillVersion(id: $id, reason: $reason, rollbackTo: $rollbackTo) {\n      id\n      state\n      revoked\n      revokedReason\n      revokedAt\n    }\n  }\n": types.RevokeSkillVersionDocument,
    "\n  fragment RolloutArmFields on RolloutArm {\n    arm\n    version {\n      id\n      version\n    }\n    starts\n    loads\n    loadRate\n    toolRuns\n    toolErrors\n    toolErrorRate\n    outcomes\n    successRate\n    evalPassRate\n  }\n": types.RolloutArmFieldsFragmentDoc,
    "\n  fragment RolloutFields on Rollout {\n    id\n    skill\n    status\n    percent\n    steps\n    stepIndex\n    stepMinutes\n    nextStepAt\n    evalTag\n    endReason\n    startedAt\n    endedAt\n    candidate {\n      id\n      version\n    }\n    live {\n      id\n      version\n    }\n    guards {\n      metric\n      maxDegradation\n      minSamples\n      alpha\n      tripped\n      verdict\n      evidence {\n        liveSamples\n        candidateSamples\n        live\n        candidate\n        differenceLow\n        differenceHigh\n        samplesNeeded\n      }\n    }\n    arms {\n      ...RolloutArmFields\n    }\n    events {\n      at\n      kind\n      percent\n      detail\n      actorName\n    }\n  }\n": types.RolloutFieldsFragmentDoc,
    "\n  query ReadRollout($id: ID!) {\n    rollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": types.ReadRolloutDocument,
    "\n  subscription RolloutUpdates($id: ID!) {\n    rolloutUpdates(id: $id) {\n      ...RolloutFields\n    }\n  }\n": types.RolloutUpdatesDocument,
    "\n  query RolloutsList($skill: String, $status: String, $page: Int!, $limit: Int!) {\n    rollouts(skill: $skill, status: $status, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        skill\n        status\n        percent\n        steps\n        startedAt\n        endedAt\n        endReason\n        candidate {\n          id\n          version\n        }\n        live {\n          id\n          version\n        }\n      }\n    }\n  }\n": types.RolloutsListDocument,
    "\n  query ActiveRollouts($skill: String) {\n    running: rollouts(skill: $skill, status: \"running\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n    paused: rollouts(skill: $skill, status: \"paused\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n  }\n": types.ActiveRolloutsDocument,
    "\n  query RolloutForecast($input: StartRolloutInput!) {\n    rolloutForecast(input: $input) {\n      days\n      agents\n      calls\n      guards {\n        metric\n        maxDegradation\n        rate\n        rateFromTraffic\n        samplesPerArm\n        samplesPerDay\n        minutes\n        coverage\n        steps\n      }\n    }\n  }\n": types.RolloutForecastDocument,
    "\n  mutation StartRollout($input: StartRolloutInput!) {\n    startRollout(input: $input) {\n      id\n      skill\n    }\n  }\n": types.StartRolloutDocument,
    "\n  mutation AdvanceRollout($id: ID!) {\n    advanceRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": types.AdvanceRolloutDocument,
    "\n  mutation PauseRollout($id: ID!) {\n    pauseRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": types.PauseRolloutDocument,
    "\n  mutation ResumeRollout($id: ID!) {\n    resumeRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": types.ResumeRolloutDocument,
    "\n  mutation AbortRollout($id: ID!, $reason: String!) {\n    abortRollout(id: $id, reason: $reason) {\n      ...RolloutFields\n    }\n  }\n": types.AbortRolloutDocument,
    "\n  mutation CheckRollout($id: ID!) {\n    checkRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n": types.CheckRolloutDocument,
    "\n  query SessionsList($agentId: ID, $createdAfter: DateTime, $createdBefore: DateTime, $page: Int!, $limit: Int!) {\n    chatSessions(\n      agentId: $agentId\n      createdAfter: $createdAfter\n      createdBefore: $createdBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        agentId\n        agentName\n        createdAt\n        loadedSkills\n        messageCount\n        firstUserMessage\n      }\n    }\n  }\n": types.SessionsListDocument,
    "\n  query ReadSession($id: ID!) {\n    chatSession(id: $id) {\n      id\n      agentId\n      agentName\n      createdAt\n      variables\n      warnings\n      loadedSkills\n      systemPrompt\n      skills {\n        ...ResolvedSkillFields\n      }\n      catalog {\n        ...CatalogFields\n      }\n      tools {\n        name\n        source\n      }\n      messages {\n        role\n        content\n        toolCalls\n        toolCallId\n        at\n      }\n      toolInvocations {\n        ...ToolInvocationFields\n      }\n    }\n  }\n": types.ReadSessionDocument,
    "\n  query PlatformProbe {\n    projects {\n      id\n    }\n  }\n": types.PlatformProbeDocument,
    "\n  query ProjectProbe {\n    project {\n      id\n      name\n    }\n  }\n": types.ProjectProbeDocument,
    "\n  query KeysProbe {\n    apiKeys {\n      id\n      prefix\n      role\n      revokedAt\n    }\n  }\n": types.KeysProbeDocument,
    "\n  query EditorProbe {\n    publishPreview(versionId: \"00000000-0000-0000-0000-000000000000\") {\n      version {\n        id\n      }\n    }\n  }\n": types.EditorProbeDocument,
    "\n  query SkillsList($search: String, $state: VersionState, $page: Int!, $limit: Int!) {\n    skills(search: $search, state: $state, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        name\n        version\n        state\n        description\n        createdBy\n        createdByName\n        updatedAt\n        publishedAt\n        review {\n          status\n          highest\n        }\n      }\n    }\n  }\n": types.SkillsListDocument,
    "\n  query SkillVersionFull($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      skillMd\n      description\n      warnings\n      createdBy\n      createdByName\n      createdAt\n      updatedAt\n      publishedAt\n      revoked\n      revokedReason\n      revokedAt\n      usage {\n        agentVersionId\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      files {\n        path\n        size\n        sha256\n        contentBase64\n      }\n      knowledgeBases {\n        mode\n        knowledgeBase {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.SkillVersionFullDocument,
    "\n  query KnowledgeBaseChoices {\n    knowledgeBases {\n      id\n      name\n    }\n  }\n": types.KnowledgeBaseChoicesDocument,
    "\n  mutation CreateSkillVersion($input: SkillVersionInput!) {\n    createSkillVersion(input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n    }\n  }\n": types.CreateSkillVersionDocument,
    "\n  mutation UpdateSkillVersion($id: ID!, $input: SkillVersionInput!) {\n    updateSkillVersion(id: $id, input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n      updatedAt\n      # AP-3: an edit changes the digest and outdates approvals; the review panel reads both from the cache\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n      # CR-1: an edit is reviewed again (and drops suppressions): the findings and the publish button read it\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n": types.UpdateSkillVersionDocument,
    "\n  mutation PublishSkillVersion($id: ID!) {\n    publishSkillVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n": types.PublishSkillVersionDocument,
    "\n  mutation RollbackSkill($name: String!, $toVersionId: ID!) {\n    rollbackSkill(name: $name, toVersionId: $toVersionId) {\n      id\n      state\n      publishedAt\n    }\n  }\n": types.RollbackSkillDocument,
    "\n  mutation DeleteSkillVersion($id: ID!) {\n    deleteSkillVersion(id: $id)\n  }\n": types.DeleteSkillVersionDocument,
    "\n  fragment PreviewFields on PublishPreview {\n    version {\n      id\n      name\n      version\n    }\n    live {\n      id\n      version\n    }\n    reaches {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n    }\n    pinned {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n      resolvesTo {\n        id\n        version\n      }\n    }\n    toolCollisions {\n      agentId\n      agentName\n      agentVersion\n      agentVersionId\n      tool\n    }\n  }\n": types.PreviewFieldsFragmentDoc,
    "\n  query PublishPreview($versionId: ID!) {\n    publishPreview(versionId: $versionId) {\n      ...PreviewFields\n    }\n  }\n": types.PublishPreviewDocument,
    "\n  query RollbackPreview($name: String!, $toVersionId: ID!) {\n    rollbackPreview(name: $name, toVersionId: $toVersionId) {\n      ...PreviewFields\n    }\n  }\n": types.RollbackPreviewDocument,
    "\n  query SkillHistory($name: String!) {\n    skills(name: $name, limit: 100) {\n      total\n      items {\n        id\n        version\n        state\n        createdBy\n        createdByName\n        createdAt\n        updatedAt\n        publishedAt\n        archivedAt\n        revoked\n        revokedReason\n      }\n    }\n  }\n": types.SkillHistoryDocument,
    "\n  query SkillDiff($fromId: ID!, $toId: ID!) {\n    diffSkillVersions(fromId: $fromId, toId: $toId)\n    from: skillVersion(id: $fromId) {\n      ...DiffSide\n    }\n    to: skillVersion(id: $toId) {\n      ...DiffSide\n    }\n  }\n": types.SkillDiffDocument,
    "\n  fragment DiffSide on SkillVersion {\n    id\n    version\n    state\n    skillMd\n    knowledgeBases {\n      mode\n      knowledgeBase {\n        id\n        name\n      }\n    }\n    files {\n      path\n      size\n      contentBase64\n    }\n  }\n": types.DiffSideFragmentDoc,
    "\n  query ExportSkillBundle($id: ID!) {\n    exportSkillBundle(id: $id)\n  }\n": types.ExportSkillBundleDocument,
    "\n  mutation ImportSkillBundle($zipBase64: String!) {\n    importSkillBundle(zipBase64: $zipBase64) {\n      id\n      name\n      version\n    }\n  }\n": types.ImportSkillBundleDocument,
    "\n  fragment UsageRowFields on SkillUsage {\n    skill\n    agentId\n    agentName\n    agentVersion\n    agentVersionId\n    agentState\n    projectId\n    pinned\n    resolvesTo {\n      id\n      version\n      state\n      revoked\n    }\n  }\n": types.UsageRowFieldsFragmentDoc,
    "\n  query SkillUsageGraph($name: String!) {\n    skillUsage(name: $name) {\n      ...UsageRowFields\n    }\n    live: skills(name: $name, state: PUBLISHED, limit: 1) {\n      items {\n        id\n        version\n      }\n    }\n    versions: skills(name: $name, limit: 1) {\n      total\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n": types.SkillUsageGraphDocument,
    "\n  query AgentUsageGraph($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      version\n      state\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        ...UsageRowFields\n      }\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n": types.AgentUsageGraphDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      prefix\n      role\n      createdAt\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      id\n      name\n      prefix\n      role\n      createdAt\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String, $role: ApiKeyRole!) {\n    createApiKey(name: $name, role: $role) {\n      id\n      key\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($name: String, $role: ApiKeyRole!) {\n    createApiKey(name: $name, role: $role) {\n      id\n      key\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      eventTypes\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      eventTypes\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($subscriptionId: ID, $status: String, $page: Int!, $limit: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, status: $status, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        webhookId\n        subscriptionId\n        eventType\n        status\n        attempts\n        createdAt\n        deliveredAt\n        nextAttemptAt\n        lastError\n        payload\n        attemptLog {\n          at\n          httpStatus\n          durationMs\n          error\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($subscriptionId: ID, $status: String, $page: Int!, $limit: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, status: $status, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        webhookId\n        subscriptionId\n        eventType\n        status\n        attempts\n        createdAt\n        deliveredAt\n        nextAttemptAt\n        lastError\n        payload\n        attemptLog {\n          at\n          httpStatus\n          durationMs\n          error\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($url: String!, $eventTypes: [String!]!) {\n    createWebhookSubscription(url: $url, eventTypes: $eventTypes) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($url: String!, $eventTypes: [String!]!) {\n    createWebhookSubscription(url: $url, eventTypes: $eventTypes) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhookSubscription(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: ID!) {\n    deleteWebhookSubscription(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n      attempts\n      nextAttemptAt\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n      attempts\n      nextAttemptAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverFailedWebhooks($subscriptionId: ID!, $since: DateTime!) {\n    redeliverFailedWebhooks(subscriptionId: $subscriptionId, since: $since)\n  }\n"): (typeof documents)["\n  mutation RedeliverFailedWebhooks($subscriptionId: ID!, $since: DateTime!) {\n    redeliverFailedWebhooks(subscriptionId: $subscriptionId, since: $since)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($resourceType: String, $action: String, $resourceId: String, $page: Int!, $limit: Int!) {\n    auditLog(resourceType: $resourceType, action: $action, resourceId: $resourceId, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        at\n        actor\n        actorKey {\n          id\n          name\n          role\n          revokedAt\n        }\n        action\n        resourceType\n        resourceId\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditLog($resourceType: String, $action: String, $resourceId: String, $page: Int!, $limit: Int!) {\n    auditLog(resourceType: $resourceType, action: $action, resourceId: $resourceId, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        at\n        actor\n        actorKey {\n          id\n          name\n          role\n          revokedAt\n        }\n        action\n        resourceType\n        resourceId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Projects {\n    projects {\n      id\n      name\n      createdAt\n      skillLibrary {\n        id\n        name\n      }\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query Projects {\n    projects {\n      id\n      name\n      createdAt\n      skillLibrary {\n        id\n        name\n      }\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProject($name: String!) {\n    createProject(name: $name) {\n      apiKey\n      project {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProject($name: String!) {\n    createProject(name: $name) {\n      apiKey\n      project {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSkillLibrary($projectId: ID!, $libraryProjectId: ID) {\n    setSkillLibrary(projectId: $projectId, libraryProjectId: $libraryProjectId) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation SetSkillLibrary($projectId: ID!, $libraryProjectId: ID) {\n    setSkillLibrary(projectId: $projectId, libraryProjectId: $libraryProjectId) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentsList($page: Int!, $limit: Int!) {\n    agents(latest: true, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        agentId\n        name\n        alias\n        version\n        state\n        mode\n        updatedAt\n        skills {\n          name\n          versionId\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentsList($page: Int!, $limit: Int!) {\n    agents(latest: true, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        agentId\n        name\n        alias\n        version\n        state\n        mode\n        updatedAt\n        skills {\n          name\n          versionId\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentVersionFull($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      alias\n      version\n      state\n      mode\n      prompt\n      maxLoadedSkills\n      catalogBudget\n      catalog {\n        ...CatalogFields\n      }\n      warnings\n      handoffTargets\n      knowledgeBaseIds\n      createdBy\n      createdByName\n      updatedAt\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        skill\n        pinned\n        resolvesTo {\n          id\n          version\n          revoked\n          revokedReason\n        }\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      model {\n        baseUrl\n        model\n        apiKey\n      }\n      mcpServers {\n        name\n        url\n        headers\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentVersionFull($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      alias\n      version\n      state\n      mode\n      prompt\n      maxLoadedSkills\n      catalogBudget\n      catalog {\n        ...CatalogFields\n      }\n      warnings\n      handoffTargets\n      knowledgeBaseIds\n      createdBy\n      createdByName\n      updatedAt\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        skill\n        pinned\n        resolvesTo {\n          id\n          version\n          revoked\n          revokedReason\n        }\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      model {\n        baseUrl\n        model\n        apiKey\n      }\n      mcpServers {\n        name\n        url\n        headers\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveAgent($input: AgentInput!, $agentId: ID) {\n    saveAgent(input: $input, agentId: $agentId) {\n      id\n      agentId\n      version\n      state\n      warnings\n    }\n  }\n"): (typeof documents)["\n  mutation SaveAgent($input: AgentInput!, $agentId: ID) {\n    saveAgent(input: $input, agentId: $agentId) {\n      id\n      agentId\n      version\n      state\n      warnings\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishAgentVersion($id: ID!) {\n    publishAgentVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n"): (typeof documents)["\n  mutation PublishAgentVersion($id: ID!) {\n    publishAgentVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveSkillNames($search: String) {\n    skills(state: PUBLISHED, search: $search, limit: 20) {\n      items {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query LiveSkillNames($search: String) {\n    skills(state: PUBLISHED, search: $search, limit: 20) {\n      items {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveVersionsOf($names: [String!]!) {\n    skills(state: PUBLISHED, names: $names, limit: 200) {\n      items {\n        id\n        name\n        version\n      }\n    }\n  }\n"): (typeof documents)["\n  query LiveVersionsOf($names: [String!]!) {\n    skills(state: PUBLISHED, names: $names, limit: 200) {\n      items {\n        id\n        name\n        version\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillVersionsForPicker($name: String!) {\n    skills(name: $name, limit: 100) {\n      items {\n        id\n        version\n        state\n        revoked\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillVersionsForPicker($name: String!) {\n    skills(name: $name, limit: 100) {\n      items {\n        id\n        version\n        state\n        revoked\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAgent($agentId: ID!) {\n    deleteAgent(agentId: $agentId)\n  }\n"): (typeof documents)["\n  mutation DeleteAgent($agentId: ID!) {\n    deleteAgent(agentId: $agentId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentSkillSearch($agentId: ID!, $query: String!) {\n    agentSkillSearch(agentId: $agentId, query: $query, limit: 5) {\n      name\n      description\n      score\n    }\n  }\n"): (typeof documents)["\n  query AgentSkillSearch($agentId: ID!, $query: String!) {\n    agentSkillSearch(agentId: $agentId, query: $query, limit: 5) {\n      name\n      description\n      score\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentChoices($search: String, $limit: Int!, $latest: Boolean, $state: VersionState) {\n    agents(latest: $latest, state: $state, search: $search, limit: $limit) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentChoices($search: String, $limit: Int!, $latest: Boolean, $state: VersionState) {\n    agents(latest: $latest, state: $state, search: $search, limit: $limit) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentChosen($agentId: ID!) {\n    agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentChosen($agentId: ID!) {\n    agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentToOpen($agentId: ID!) {\n    published: agents(agentId: $agentId, state: PUBLISHED, limit: 1) {\n      items {\n        id\n      }\n    }\n    newest: agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentToOpen($agentId: ID!) {\n    published: agents(agentId: $agentId, state: PUBLISHED, limit: 1) {\n      items {\n        id\n      }\n    }\n    newest: agents(agentId: $agentId, latest: true, limit: 1) {\n      items {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApprovalFields on Approval {\n    id\n    digest\n    approvedBy\n    approvedByName\n    current\n    createdAt\n    mayWithdraw\n  }\n"): (typeof documents)["\n  fragment ApprovalFields on Approval {\n    id\n    digest\n    approvedBy\n    approvedByName\n    current\n    createdAt\n    mayWithdraw\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    agentVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentVersionReview($id: ID!) {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n      }\n    }\n    agentVersion(id: $id) {\n      id\n      state\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveVersion($versionId: ID!, $digest: String!) {\n    approveVersion(versionId: $versionId, digest: $digest) {\n      ...ApprovalFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveVersion($versionId: ID!, $digest: String!) {\n    approveVersion(versionId: $versionId, digest: $digest) {\n      ...ApprovalFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WithdrawApproval($id: ID!) {\n    withdrawApproval(id: $id)\n  }\n"): (typeof documents)["\n  mutation WithdrawApproval($id: ID!) {\n    withdrawApproval(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishPolicy {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n        blockSeverity\n      }\n    }\n  }\n"): (typeof documents)["\n  query PublishPolicy {\n    project {\n      id\n      publishPolicy {\n        requiredApprovals\n        allowSelfApproval\n        blockSeverity\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPublishPolicy($requiredApprovals: Int!, $allowSelfApproval: Boolean, $blockSeverity: FindingSeverity) {\n    setPublishPolicy(\n      requiredApprovals: $requiredApprovals\n      allowSelfApproval: $allowSelfApproval\n      blockSeverity: $blockSeverity\n    ) {\n      requiredApprovals\n      allowSelfApproval\n      blockSeverity\n    }\n  }\n"): (typeof documents)["\n  mutation SetPublishPolicy($requiredApprovals: Int!, $allowSelfApproval: Boolean, $blockSeverity: FindingSeverity) {\n    setPublishPolicy(\n      requiredApprovals: $requiredApprovals\n      allowSelfApproval: $allowSelfApproval\n      blockSeverity: $blockSeverity\n    ) {\n      requiredApprovals\n      allowSelfApproval\n      blockSeverity\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CallEventFields on CallEvent {\n    id\n    type\n    at\n    data\n    loadedAfter\n    systemPromptAfter\n    toolsAfter {\n      name\n      description\n      source\n    }\n  }\n"): (typeof documents)["\n  fragment CallEventFields on CallEvent {\n    id\n    type\n    at\n    data\n    loadedAfter\n    systemPromptAfter\n    toolsAfter {\n      name\n      description\n      source\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CallFields on Call {\n    id\n    status\n    agentId\n    agentName\n    startedAt\n    endedAt\n    warnings\n    loadedSkills\n    systemPrompt\n    skills {\n      ...ResolvedSkillFields\n    }\n    catalog {\n      ...CatalogFields\n    }\n    tools {\n      name\n      description\n      source\n    }\n    events {\n      ...CallEventFields\n    }\n    toolInvocations {\n      ...ToolInvocationFields\n    }\n  }\n"): (typeof documents)["\n  fragment CallFields on Call {\n    id\n    status\n    agentId\n    agentName\n    startedAt\n    endedAt\n    warnings\n    loadedSkills\n    systemPrompt\n    skills {\n      ...ResolvedSkillFields\n    }\n    catalog {\n      ...CatalogFields\n    }\n    tools {\n      name\n      description\n      source\n    }\n    events {\n      ...CallEventFields\n    }\n    toolInvocations {\n      ...ToolInvocationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResolvedSkillFields on CallSkill {\n    name\n    version\n    versionId\n    pinned\n    loaded\n  }\n"): (typeof documents)["\n  fragment ResolvedSkillFields on CallSkill {\n    name\n    version\n    versionId\n    pinned\n    loaded\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CatalogFields on CallCatalog {\n    shown\n    omitted\n    budget\n  }\n"): (typeof documents)["\n  fragment CatalogFields on CallCatalog {\n    shown\n    omitted\n    budget\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ToolInvocationFields on ToolInvocation {\n    id\n    tool\n    source\n    arguments\n    status\n    result\n    error\n    latencyMs\n    at\n  }\n"): (typeof documents)["\n  fragment ToolInvocationFields on ToolInvocation {\n    id\n    tool\n    source\n    arguments\n    status\n    result\n    error\n    latencyMs\n    at\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CallEvents($callId: ID!) {\n    callEvents(callId: $callId) {\n      ...CallEventFields\n    }\n  }\n"): (typeof documents)["\n  subscription CallEvents($callId: ID!) {\n    callEvents(callId: $callId) {\n      ...CallEventFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CallToolInvocations($callId: ID!) {\n    callToolInvocations(callId: $callId) {\n      ...ToolInvocationFields\n    }\n  }\n"): (typeof documents)["\n  subscription CallToolInvocations($callId: ID!) {\n    callToolInvocations(callId: $callId) {\n      ...ToolInvocationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CallsList(\n    $agentId: ID\n    $skillName: String\n    $status: String\n    $startedAfter: DateTime\n    $startedBefore: DateTime\n    $page: Int!\n    $limit: Int!\n  ) {\n    calls(\n      agentId: $agentId\n      skillName: $skillName\n      status: $status\n      startedAfter: $startedAfter\n      startedBefore: $startedBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        status\n        agentId\n        agentName\n        startedAt\n        endedAt\n        loadedSkills\n      }\n    }\n  }\n"): (typeof documents)["\n  query CallsList(\n    $agentId: ID\n    $skillName: String\n    $status: String\n    $startedAfter: DateTime\n    $startedBefore: DateTime\n    $page: Int!\n    $limit: Int!\n  ) {\n    calls(\n      agentId: $agentId\n      skillName: $skillName\n      status: $status\n      startedAfter: $startedAfter\n      startedBefore: $startedBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        status\n        agentId\n        agentName\n        startedAt\n        endedAt\n        loadedSkills\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadCall($id: ID!) {\n    call(id: $id) {\n      ...CallFields\n    }\n  }\n"): (typeof documents)["\n  query ReadCall($id: ID!) {\n    call(id: $id) {\n      ...CallFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartCall($input: StartCallInput!) {\n    startCall(input: $input) {\n      ...CallFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartCall($input: StartCallInput!) {\n    startCall(input: $input) {\n      ...CallFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LoadSkill($callId: ID!, $name: String!) {\n    loadSkill(callId: $callId, name: $name) {\n      status\n      skill\n      unloaded\n      message\n      call {\n        ...CallFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LoadSkill($callId: ID!, $name: String!) {\n    loadSkill(callId: $callId, name: $name) {\n      status\n      skill\n      unloaded\n      message\n      call {\n        ...CallFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RunTool($callId: ID!, $name: String!, $arguments: JSON!) {\n    runTool(callId: $callId, name: $name, arguments: $arguments) {\n      id\n      tool\n      status\n      result\n      error\n      latencyMs\n    }\n  }\n"): (typeof documents)["\n  mutation RunTool($callId: ID!, $name: String!, $arguments: JSON!) {\n    runTool(callId: $callId, name: $name, arguments: $arguments) {\n      id\n      tool\n      status\n      result\n      error\n      latencyMs\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndCall($callId: ID!) {\n    endCall(callId: $callId) {\n      ...CallFields\n    }\n  }\n"): (typeof documents)["\n  mutation EndCall($callId: ID!) {\n    endCall(callId: $callId) {\n      ...CallFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EvalRunSummary on EvalRun {\n    id\n    status\n    progress\n    passRate\n    total\n    error\n    warnings\n    createdAt\n    finishedAt\n  }\n"): (typeof documents)["\n  fragment EvalRunSummary on EvalRun {\n    id\n    status\n    progress\n    passRate\n    total\n    error\n    warnings\n    createdAt\n    finishedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EvalRuns($page: Int!, $limit: Int!) {\n    evalRuns(page: $page, limit: $limit) {\n      total\n      items {\n        ...EvalRunSummary\n      }\n    }\n  }\n"): (typeof documents)["\n  query EvalRuns($page: Int!, $limit: Int!) {\n    evalRuns(page: $page, limit: $limit) {\n      total\n      items {\n        ...EvalRunSummary\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EvalRun($id: ID!) {\n    evalRun(id: $id) {\n      ...EvalRunSummary\n      resolvedConfig\n      results {\n        scenarioId\n        agentId\n        iteration\n        passed\n        transcript\n        toolCalls\n        expectations\n      }\n    }\n  }\n"): (typeof documents)["\n  query EvalRun($id: ID!) {\n    evalRun(id: $id) {\n      ...EvalRunSummary\n      resolvedConfig\n      results {\n        scenarioId\n        agentId\n        iteration\n        passed\n        transcript\n        toolCalls\n        expectations\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartEvalRun($input: StartEvalRunInput!) {\n    startEvalRun(input: $input) {\n      ...EvalRunSummary\n    }\n  }\n"): (typeof documents)["\n  mutation StartEvalRun($input: StartEvalRunInput!) {\n    startEvalRun(input: $input) {\n      ...EvalRunSummary\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EvalAgents {\n    agents(state: PUBLISHED, limit: 200) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query EvalAgents {\n    agents(state: PUBLISHED, limit: 200) {\n      items {\n        agentId\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EvalScenarios($tag: String, $page: Int!, $limit: Int!) {\n    evalScenarios(tag: $tag, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        name\n        tags\n        turns\n        expectations\n        mocks\n        mockOnly\n        variables\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query EvalScenarios($tag: String, $page: Int!, $limit: Int!) {\n    evalScenarios(tag: $tag, page: $page, limit: $limit) {\n      total\n      items {\n        id\n        name\n        tags\n        turns\n        expectations\n        mocks\n        mockOnly\n        variables\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveEvalScenario($input: EvalScenarioInput!, $id: ID) {\n    saveEvalScenario(input: $input, id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation SaveEvalScenario($input: EvalScenarioInput!, $id: ID) {\n    saveEvalScenario(input: $input, id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteEvalScenario($id: ID!) {\n    deleteEvalScenario(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteEvalScenario($id: ID!) {\n    deleteEvalScenario(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishEvaluation($versionId: ID!, $iterations: Int!) {\n    publishPreview(versionId: $versionId) {\n      evaluation(iterations: $iterations) {\n        tag\n        iterations\n        scenarios\n        warnings\n        agents {\n          agentId\n          agentName\n          candidate {\n            version\n            results\n            passed\n            loaded\n          }\n          live {\n            version\n            results\n            passed\n            loaded\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PublishEvaluation($versionId: ID!, $iterations: Int!) {\n    publishPreview(versionId: $versionId) {\n      evaluation(iterations: $iterations) {\n        tag\n        iterations\n        scenarios\n        warnings\n        agents {\n          agentId\n          agentName\n          candidate {\n            version\n            results\n            passed\n            loaded\n          }\n          live {\n            version\n            results\n            passed\n            loaded\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InsightSkills($from: DateTime!, $to: DateTime!, $bucket: String!, $first: Int!, $after: String) {\n    skillInsights(from: $from, to: $to, bucket: $bucket, first: $first, after: $after) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        evictions\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n"): (typeof documents)["\n  query InsightSkills($from: DateTime!, $to: DateTime!, $bucket: String!, $first: Int!, $after: String) {\n    skillInsights(from: $from, to: $to, bucket: $bucket, first: $first, after: $after) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        evictions\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InsightsPage($from: DateTime!, $to: DateTime!) {\n    unusedSkills(from: $from, to: $to)\n    capAdvice(from: $from, to: $to) {\n      agentId\n      agentName\n      maxLoadedSkills\n      evictions\n      suggestedMax\n    }\n  }\n"): (typeof documents)["\n  query InsightsPage($from: DateTime!, $to: DateTime!) {\n    unusedSkills(from: $from, to: $to)\n    capAdvice(from: $from, to: $to) {\n      agentId\n      agentName\n      maxLoadedSkills\n      evictions\n      suggestedMax\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillInsight($from: DateTime!, $to: DateTime!, $skill: String!) {\n    skillInsights(from: $from, to: $to, bucket: \"day\", skill: $skill) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillInsight($from: DateTime!, $to: DateTime!, $skill: String!) {\n    skillInsights(from: $from, to: $to, bucket: \"day\", skill: $skill) {\n      skill\n      loadRate\n      toolErrorRate\n      successRate\n      series {\n        at\n        starts\n        loads\n        toolRuns\n        toolErrors\n        outcomes\n        successes\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KnowledgeBaseList {\n    knowledgeBases {\n      id\n      name\n      description\n      createdAt\n      documents {\n        id\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        name\n        version\n        state\n      }\n    }\n  }\n"): (typeof documents)["\n  query KnowledgeBaseList {\n    knowledgeBases {\n      id\n      name\n      description\n      createdAt\n      documents {\n        id\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        name\n        version\n        state\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadKnowledgeBase($id: ID!) {\n    knowledgeBase(id: $id) {\n      id\n      name\n      description\n      topK\n      similarityThreshold\n      createdAt\n      documents {\n        id\n        title\n        content\n        createdAt\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        agentId\n        name\n        version\n        state\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReadKnowledgeBase($id: ID!) {\n    knowledgeBase(id: $id) {\n      id\n      name\n      description\n      topK\n      similarityThreshold\n      createdAt\n      documents {\n        id\n        title\n        content\n        createdAt\n      }\n      skillVersions {\n        id\n        name\n        version\n        state\n      }\n      agentVersions {\n        id\n        agentId\n        name\n        version\n        state\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateKnowledgeBase($input: KnowledgeBaseInput!) {\n    createKnowledgeBase(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateKnowledgeBase($input: KnowledgeBaseInput!) {\n    createKnowledgeBase(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddKnowledgeDocument($knowledgeBaseId: ID!, $title: String!, $content: String!) {\n    addKnowledgeDocument(knowledgeBaseId: $knowledgeBaseId, title: $title, content: $content) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation AddKnowledgeDocument($knowledgeBaseId: ID!, $title: String!, $content: String!) {\n    addKnowledgeDocument(knowledgeBaseId: $knowledgeBaseId, title: $title, content: $content) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteKnowledgeDocument($id: ID!) {\n    deleteKnowledgeDocument(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteKnowledgeDocument($id: ID!) {\n    deleteKnowledgeDocument(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillVersionAttestation($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      attestation\n    }\n  }\n"): (typeof documents)["\n  query SkillVersionAttestation($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      attestation\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ContentReviewFields on ContentReview {\n    status\n    highest\n    rulesVersion\n    reviewedAt\n    findings {\n      id\n      rule\n      severity\n      path\n      line\n      column\n      excerpt\n      message\n      suppressed\n      suppression {\n        reason\n        by\n        byName\n        at\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ContentReviewFields on ContentReview {\n    status\n    highest\n    rulesVersion\n    reviewedAt\n    findings {\n      id\n      rule\n      severity\n      path\n      line\n      column\n      excerpt\n      message\n      suppressed\n      suppression {\n        reason\n        by\n        byName\n        at\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillVersionContentReview($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillVersionContentReview($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      state\n      digest\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SuppressFinding($versionId: ID!, $findingId: ID!, $digest: String!, $reason: String!) {\n    suppressFinding(versionId: $versionId, findingId: $findingId, digest: $digest, reason: $reason) {\n      id\n      suppressed\n    }\n  }\n"): (typeof documents)["\n  mutation SuppressFinding($versionId: ID!, $findingId: ID!, $digest: String!, $reason: String!) {\n    suppressFinding(versionId: $versionId, findingId: $findingId, digest: $digest, reason: $reason) {\n      id\n      suppressed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewSkillContent($input: SkillVersionInput!) {\n    reviewSkillContent(input: $input) {\n      ...ContentReviewFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewSkillContent($input: SkillVersionInput!) {\n    reviewSkillContent(input: $input) {\n      ...ContentReviewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RevokeContext($id: ID!, $name: String!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      usage {\n        agentVersionId\n        agentName\n        agentVersion\n        agentState\n        projectId\n        pinned\n        resolvesTo {\n          id\n        }\n      }\n    }\n    skills(name: $name, state: ARCHIVED, limit: 100) {\n      items {\n        id\n        version\n        revoked\n      }\n    }\n  }\n"): (typeof documents)["\n  query RevokeContext($id: ID!, $name: String!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      usage {\n        agentVersionId\n        agentName\n        agentVersion\n        agentState\n        projectId\n        pinned\n        resolvesTo {\n          id\n        }\n      }\n    }\n    skills(name: $name, state: ARCHIVED, limit: 100) {\n      items {\n        id\n        version\n        revoked\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSkillVersion($id: ID!, $reason: String!, $rollbackTo: ID) {\n    revokeSkillVersion(id: $id, reason: $reason, rollbackTo: $rollbackTo) {\n      id\n      state\n      revoked\n      revokedReason\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeSkillVersion($id: ID!, $reason: String!, $rollbackTo: ID) {\n    revokeSkillVersion(id: $id, reason: $reason, rollbackTo: $rollbackTo) {\n      id\n      state\n      revoked\n      revokedReason\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RolloutArmFields on RolloutArm {\n    arm\n    version {\n      id\n      version\n    }\n    starts\n    loads\n    loadRate\n    toolRuns\n    toolErrors\n    toolErrorRate\n    outcomes\n    successRate\n    evalPassRate\n  }\n"): (typeof documents)["\n  fragment RolloutArmFields on RolloutArm {\n    arm\n    version {\n      id\n      version\n    }\n    starts\n    loads\n    loadRate\n    toolRuns\n    toolErrors\n    toolErrorRate\n    outcomes\n    successRate\n    evalPassRate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RolloutFields on Rollout {\n    id\n    skill\n    status\n    percent\n    steps\n    stepIndex\n    stepMinutes\n    nextStepAt\n    evalTag\n    endReason\n    startedAt\n    endedAt\n    candidate {\n      id\n      version\n    }\n    live {\n      id\n      version\n    }\n    guards {\n      metric\n      maxDegradation\n      minSamples\n      alpha\n      tripped\n      verdict\n      evidence {\n        liveSamples\n        candidateSamples\n        live\n        candidate\n        differenceLow\n        differenceHigh\n        samplesNeeded\n      }\n    }\n    arms {\n      ...RolloutArmFields\n    }\n    events {\n      at\n      kind\n      percent\n      detail\n      actorName\n    }\n  }\n"): (typeof documents)["\n  fragment RolloutFields on Rollout {\n    id\n    skill\n    status\n    percent\n    steps\n    stepIndex\n    stepMinutes\n    nextStepAt\n    evalTag\n    endReason\n    startedAt\n    endedAt\n    candidate {\n      id\n      version\n    }\n    live {\n      id\n      version\n    }\n    guards {\n      metric\n      maxDegradation\n      minSamples\n      alpha\n      tripped\n      verdict\n      evidence {\n        liveSamples\n        candidateSamples\n        live\n        candidate\n        differenceLow\n        differenceHigh\n        samplesNeeded\n      }\n    }\n    arms {\n      ...RolloutArmFields\n    }\n    events {\n      at\n      kind\n      percent\n      detail\n      actorName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadRollout($id: ID!) {\n    rollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"): (typeof documents)["\n  query ReadRollout($id: ID!) {\n    rollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RolloutUpdates($id: ID!) {\n    rolloutUpdates(id: $id) {\n      ...RolloutFields\n    }\n  }\n"): (typeof documents)["\n  subscription RolloutUpdates($id: ID!) {\n    rolloutUpdates(id: $id) {\n      ...RolloutFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RolloutsList($skill: String, $status: String, $page: Int!, $limit: Int!) {\n    rollouts(skill: $skill, status: $status, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        skill\n        status\n        percent\n        steps\n        startedAt\n        endedAt\n        endReason\n        candidate {\n          id\n          version\n        }\n        live {\n          id\n          version\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query RolloutsList($skill: String, $status: String, $page: Int!, $limit: Int!) {\n    rollouts(skill: $skill, status: $status, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        skill\n        status\n        percent\n        steps\n        startedAt\n        endedAt\n        endReason\n        candidate {\n          id\n          version\n        }\n        live {\n          id\n          version\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActiveRollouts($skill: String) {\n    running: rollouts(skill: $skill, status: \"running\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n    paused: rollouts(skill: $skill, status: \"paused\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActiveRollouts($skill: String) {\n    running: rollouts(skill: $skill, status: \"running\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n    paused: rollouts(skill: $skill, status: \"paused\", limit: 100) {\n      items {\n        id\n        skill\n        status\n        percent\n        candidate {\n          id\n          version\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RolloutForecast($input: StartRolloutInput!) {\n    rolloutForecast(input: $input) {\n      days\n      agents\n      calls\n      guards {\n        metric\n        maxDegradation\n        rate\n        rateFromTraffic\n        samplesPerArm\n        samplesPerDay\n        minutes\n        coverage\n        steps\n      }\n    }\n  }\n"): (typeof documents)["\n  query RolloutForecast($input: StartRolloutInput!) {\n    rolloutForecast(input: $input) {\n      days\n      agents\n      calls\n      guards {\n        metric\n        maxDegradation\n        rate\n        rateFromTraffic\n        samplesPerArm\n        samplesPerDay\n        minutes\n        coverage\n        steps\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartRollout($input: StartRolloutInput!) {\n    startRollout(input: $input) {\n      id\n      skill\n    }\n  }\n"): (typeof documents)["\n  mutation StartRollout($input: StartRolloutInput!) {\n    startRollout(input: $input) {\n      id\n      skill\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdvanceRollout($id: ID!) {\n    advanceRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdvanceRollout($id: ID!) {\n    advanceRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseRollout($id: ID!) {\n    pauseRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"): (typeof documents)["\n  mutation PauseRollout($id: ID!) {\n    pauseRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeRollout($id: ID!) {\n    resumeRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeRollout($id: ID!) {\n    resumeRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AbortRollout($id: ID!, $reason: String!) {\n    abortRollout(id: $id, reason: $reason) {\n      ...RolloutFields\n    }\n  }\n"): (typeof documents)["\n  mutation AbortRollout($id: ID!, $reason: String!) {\n    abortRollout(id: $id, reason: $reason) {\n      ...RolloutFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckRollout($id: ID!) {\n    checkRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"): (typeof documents)["\n  mutation CheckRollout($id: ID!) {\n    checkRollout(id: $id) {\n      ...RolloutFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionsList($agentId: ID, $createdAfter: DateTime, $createdBefore: DateTime, $page: Int!, $limit: Int!) {\n    chatSessions(\n      agentId: $agentId\n      createdAfter: $createdAfter\n      createdBefore: $createdBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        agentId\n        agentName\n        createdAt\n        loadedSkills\n        messageCount\n        firstUserMessage\n      }\n    }\n  }\n"): (typeof documents)["\n  query SessionsList($agentId: ID, $createdAfter: DateTime, $createdBefore: DateTime, $page: Int!, $limit: Int!) {\n    chatSessions(\n      agentId: $agentId\n      createdAfter: $createdAfter\n      createdBefore: $createdBefore\n      page: $page\n      limit: $limit\n    ) {\n      total\n      items {\n        id\n        agentId\n        agentName\n        createdAt\n        loadedSkills\n        messageCount\n        firstUserMessage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadSession($id: ID!) {\n    chatSession(id: $id) {\n      id\n      agentId\n      agentName\n      createdAt\n      variables\n      warnings\n      loadedSkills\n      systemPrompt\n      skills {\n        ...ResolvedSkillFields\n      }\n      catalog {\n        ...CatalogFields\n      }\n      tools {\n        name\n        source\n      }\n      messages {\n        role\n        content\n        toolCalls\n        toolCallId\n        at\n      }\n      toolInvocations {\n        ...ToolInvocationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReadSession($id: ID!) {\n    chatSession(id: $id) {\n      id\n      agentId\n      agentName\n      createdAt\n      variables\n      warnings\n      loadedSkills\n      systemPrompt\n      skills {\n        ...ResolvedSkillFields\n      }\n      catalog {\n        ...CatalogFields\n      }\n      tools {\n        name\n        source\n      }\n      messages {\n        role\n        content\n        toolCalls\n        toolCallId\n        at\n      }\n      toolInvocations {\n        ...ToolInvocationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlatformProbe {\n    projects {\n      id\n    }\n  }\n"): (typeof documents)["\n  query PlatformProbe {\n    projects {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectProbe {\n    project {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ProjectProbe {\n    project {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KeysProbe {\n    apiKeys {\n      id\n      prefix\n      role\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  query KeysProbe {\n    apiKeys {\n      id\n      prefix\n      role\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EditorProbe {\n    publishPreview(versionId: \"00000000-0000-0000-0000-000000000000\") {\n      version {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query EditorProbe {\n    publishPreview(versionId: \"00000000-0000-0000-0000-000000000000\") {\n      version {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillsList($search: String, $state: VersionState, $page: Int!, $limit: Int!) {\n    skills(search: $search, state: $state, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        name\n        version\n        state\n        description\n        createdBy\n        createdByName\n        updatedAt\n        publishedAt\n        review {\n          status\n          highest\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillsList($search: String, $state: VersionState, $page: Int!, $limit: Int!) {\n    skills(search: $search, state: $state, page: $page, limit: $limit) {\n      total\n      page\n      limit\n      items {\n        id\n        name\n        version\n        state\n        description\n        createdBy\n        createdByName\n        updatedAt\n        publishedAt\n        review {\n          status\n          highest\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillVersionFull($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      skillMd\n      description\n      warnings\n      createdBy\n      createdByName\n      createdAt\n      updatedAt\n      publishedAt\n      revoked\n      revokedReason\n      revokedAt\n      usage {\n        agentVersionId\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      files {\n        path\n        size\n        sha256\n        contentBase64\n      }\n      knowledgeBases {\n        mode\n        knowledgeBase {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillVersionFull($id: ID!) {\n    skillVersion(id: $id) {\n      id\n      name\n      version\n      state\n      skillMd\n      description\n      warnings\n      createdBy\n      createdByName\n      createdAt\n      updatedAt\n      publishedAt\n      revoked\n      revokedReason\n      revokedAt\n      usage {\n        agentVersionId\n      }\n      tools {\n        name\n        description\n        parameters\n        webhookUrl\n        webhookSecret\n      }\n      files {\n        path\n        size\n        sha256\n        contentBase64\n      }\n      knowledgeBases {\n        mode\n        knowledgeBase {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KnowledgeBaseChoices {\n    knowledgeBases {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query KnowledgeBaseChoices {\n    knowledgeBases {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSkillVersion($input: SkillVersionInput!) {\n    createSkillVersion(input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSkillVersion($input: SkillVersionInput!) {\n    createSkillVersion(input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSkillVersion($id: ID!, $input: SkillVersionInput!) {\n    updateSkillVersion(id: $id, input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n      updatedAt\n      # AP-3: an edit changes the digest and outdates approvals; the review panel reads both from the cache\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n      # CR-1: an edit is reviewed again (and drops suppressions): the findings and the publish button read it\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSkillVersion($id: ID!, $input: SkillVersionInput!) {\n    updateSkillVersion(id: $id, input: $input) {\n      id\n      name\n      version\n      state\n      warnings\n      updatedAt\n      # AP-3: an edit changes the digest and outdates approvals; the review panel reads both from the cache\n      digest\n      approvalRefusal\n      approvals {\n        ...ApprovalFields\n      }\n      # CR-1: an edit is reviewed again (and drops suppressions): the findings and the publish button read it\n      review {\n        ...ContentReviewFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishSkillVersion($id: ID!) {\n    publishSkillVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n"): (typeof documents)["\n  mutation PublishSkillVersion($id: ID!) {\n    publishSkillVersion(id: $id) {\n      id\n      state\n      publishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RollbackSkill($name: String!, $toVersionId: ID!) {\n    rollbackSkill(name: $name, toVersionId: $toVersionId) {\n      id\n      state\n      publishedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RollbackSkill($name: String!, $toVersionId: ID!) {\n    rollbackSkill(name: $name, toVersionId: $toVersionId) {\n      id\n      state\n      publishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSkillVersion($id: ID!) {\n    deleteSkillVersion(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSkillVersion($id: ID!) {\n    deleteSkillVersion(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PreviewFields on PublishPreview {\n    version {\n      id\n      name\n      version\n    }\n    live {\n      id\n      version\n    }\n    reaches {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n    }\n    pinned {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n      resolvesTo {\n        id\n        version\n      }\n    }\n    toolCollisions {\n      agentId\n      agentName\n      agentVersion\n      agentVersionId\n      tool\n    }\n  }\n"): (typeof documents)["\n  fragment PreviewFields on PublishPreview {\n    version {\n      id\n      name\n      version\n    }\n    live {\n      id\n      version\n    }\n    reaches {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n    }\n    pinned {\n      agentId\n      agentVersionId\n      agentName\n      agentVersion\n      agentState\n      projectId\n      resolvesTo {\n        id\n        version\n      }\n    }\n    toolCollisions {\n      agentId\n      agentName\n      agentVersion\n      agentVersionId\n      tool\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishPreview($versionId: ID!) {\n    publishPreview(versionId: $versionId) {\n      ...PreviewFields\n    }\n  }\n"): (typeof documents)["\n  query PublishPreview($versionId: ID!) {\n    publishPreview(versionId: $versionId) {\n      ...PreviewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RollbackPreview($name: String!, $toVersionId: ID!) {\n    rollbackPreview(name: $name, toVersionId: $toVersionId) {\n      ...PreviewFields\n    }\n  }\n"): (typeof documents)["\n  query RollbackPreview($name: String!, $toVersionId: ID!) {\n    rollbackPreview(name: $name, toVersionId: $toVersionId) {\n      ...PreviewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillHistory($name: String!) {\n    skills(name: $name, limit: 100) {\n      total\n      items {\n        id\n        version\n        state\n        createdBy\n        createdByName\n        createdAt\n        updatedAt\n        publishedAt\n        archivedAt\n        revoked\n        revokedReason\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillHistory($name: String!) {\n    skills(name: $name, limit: 100) {\n      total\n      items {\n        id\n        version\n        state\n        createdBy\n        createdByName\n        createdAt\n        updatedAt\n        publishedAt\n        archivedAt\n        revoked\n        revokedReason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillDiff($fromId: ID!, $toId: ID!) {\n    diffSkillVersions(fromId: $fromId, toId: $toId)\n    from: skillVersion(id: $fromId) {\n      ...DiffSide\n    }\n    to: skillVersion(id: $toId) {\n      ...DiffSide\n    }\n  }\n"): (typeof documents)["\n  query SkillDiff($fromId: ID!, $toId: ID!) {\n    diffSkillVersions(fromId: $fromId, toId: $toId)\n    from: skillVersion(id: $fromId) {\n      ...DiffSide\n    }\n    to: skillVersion(id: $toId) {\n      ...DiffSide\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DiffSide on SkillVersion {\n    id\n    version\n    state\n    skillMd\n    knowledgeBases {\n      mode\n      knowledgeBase {\n        id\n        name\n      }\n    }\n    files {\n      path\n      size\n      contentBase64\n    }\n  }\n"): (typeof documents)["\n  fragment DiffSide on SkillVersion {\n    id\n    version\n    state\n    skillMd\n    knowledgeBases {\n      mode\n      knowledgeBase {\n        id\n        name\n      }\n    }\n    files {\n      path\n      size\n      contentBase64\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportSkillBundle($id: ID!) {\n    exportSkillBundle(id: $id)\n  }\n"): (typeof documents)["\n  query ExportSkillBundle($id: ID!) {\n    exportSkillBundle(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportSkillBundle($zipBase64: String!) {\n    importSkillBundle(zipBase64: $zipBase64) {\n      id\n      name\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation ImportSkillBundle($zipBase64: String!) {\n    importSkillBundle(zipBase64: $zipBase64) {\n      id\n      name\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UsageRowFields on SkillUsage {\n    skill\n    agentId\n    agentName\n    agentVersion\n    agentVersionId\n    agentState\n    projectId\n    pinned\n    resolvesTo {\n      id\n      version\n      state\n      revoked\n    }\n  }\n"): (typeof documents)["\n  fragment UsageRowFields on SkillUsage {\n    skill\n    agentId\n    agentName\n    agentVersion\n    agentVersionId\n    agentState\n    projectId\n    pinned\n    resolvesTo {\n      id\n      version\n      state\n      revoked\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SkillUsageGraph($name: String!) {\n    skillUsage(name: $name) {\n      ...UsageRowFields\n    }\n    live: skills(name: $name, state: PUBLISHED, limit: 1) {\n      items {\n        id\n        version\n      }\n    }\n    versions: skills(name: $name, limit: 1) {\n      total\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query SkillUsageGraph($name: String!) {\n    skillUsage(name: $name) {\n      ...UsageRowFields\n    }\n    live: skills(name: $name, state: PUBLISHED, limit: 1) {\n      items {\n        id\n        version\n      }\n    }\n    versions: skills(name: $name, limit: 1) {\n      total\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentUsageGraph($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      version\n      state\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        ...UsageRowFields\n      }\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentUsageGraph($id: ID!) {\n    agentVersion(id: $id) {\n      id\n      agentId\n      name\n      version\n      state\n      skills {\n        name\n        versionId\n      }\n      skillUsage {\n        ...UsageRowFields\n      }\n    }\n    project {\n      id\n      name\n      linkedProjects {\n        id\n        name\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;