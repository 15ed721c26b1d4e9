// Every TypeORM entity, handed to platform/db by the composition root (platform never imports modules).
import { AgentEntity, AgentSkillEntryEntity, AgentVersionEntity } from "./modules/agents";
import { ApiKeyEntity } from "./modules/api-keys";
import { PublishPolicyEntity, VersionApprovalEntity } from "./modules/approvals";
import { AuditEntryEntity } from "./modules/audit";
import {
  CallCatalogEntity,
  CallContextEntity,
  CallContextSkillEntity,
  CallEntity,
  CallEventEntity,
  CallSkillEntity,
  ToolInvocationEntity,
} from "./modules/calls";
import { ChatMessageEntity, ChatSessionEntity, ChatToolInvocationEntity, SessionSkillEntity } from "./modules/chat";
import {
  AgentSignalPeriodEntity,
  OutcomeEntity,
  SkillLoadBoundsEntity,
  SkillSignalDayEntity,
  SkillSignalDeltaEntity,
  SkillSignalHourEntity,
} from "./modules/signals";
import { EvalResultEntity, EvalRunEntity, EvalScenarioEntity } from "./modules/evals";
import { KnowledgeBaseEntity, KnowledgeDocumentEntity } from "./modules/knowledge";
import { ProjectEntity } from "./modules/projects";
import { SigningKeyEntity, SkillAttestationEntity } from "./modules/provenance";
import { ContentReviewEntity, FindingSuppressionEntity } from "./modules/review";
import { DiscoverySettingEntity } from "./modules/discovery";
import { RolloutEntity, RolloutEvalEntity, RolloutEventEntity } from "./modules/rollouts";
import { BlobEntity, SkillEntity, SkillFileEntity, SkillPointerMoveEntity, SkillVersionEntity } from "./modules/skills";
import { IdempotentRequestEntity } from "./modules/skills-api";
import { WebhookDeliveryEntity, WebhookSubscriptionEntity } from "./modules/webhooks";

export const entities = [
  ProjectEntity,
  ApiKeyEntity,
  AuditEntryEntity,
  SkillEntity,
  SkillVersionEntity,
  SkillFileEntity,
  BlobEntity,
  SkillPointerMoveEntity,
  KnowledgeBaseEntity,
  KnowledgeDocumentEntity,
  AgentEntity,
  AgentVersionEntity,
  AgentSkillEntryEntity,
  WebhookSubscriptionEntity,
  WebhookDeliveryEntity,
  CallEntity,
  CallSkillEntity,
  CallEventEntity,
  ToolInvocationEntity,
  CallContextEntity,
  CallContextSkillEntity,
  CallCatalogEntity,
  ChatSessionEntity,
  ChatMessageEntity,
  ChatToolInvocationEntity,
  SessionSkillEntity,
  OutcomeEntity,
  SkillSignalDeltaEntity,
  SkillSignalHourEntity,
  SkillSignalDayEntity,
  SkillLoadBoundsEntity,
  AgentSignalPeriodEntity,
  EvalScenarioEntity,
  EvalRunEntity,
  EvalResultEntity,
  IdempotentRequestEntity,
  SigningKeyEntity,
  SkillAttestationEntity,
  PublishPolicyEntity,
  VersionApprovalEntity,
  RolloutEntity,
  RolloutEventEntity,
  RolloutEvalEntity,
  ContentReviewEntity,
  DiscoverySettingEntity,
  FindingSuppressionEntity,
];
