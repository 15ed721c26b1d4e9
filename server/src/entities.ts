// Every TypeORM entity, handed to platform/db by the composition root (platform never imports modules).
import { AgentEntity } from "./modules/agents/agent.entity";
import { AgentSkillEntryEntity } from "./modules/agents/agent-skill-entry.entity";
import { AgentVersionEntity } from "./modules/agents/agent-version.entity";
import { ApiKeyEntity } from "./modules/auth/api-key.entity";
import { AuditEntryEntity } from "./modules/audit/audit-entry.entity";
import { KnowledgeBaseEntity, KnowledgeDocumentEntity } from "./modules/knowledge/knowledge-base.entity";
import { ProjectEntity } from "./modules/projects/project.entity";
import { SkillEntity } from "./modules/skills/skill.entity";
import { BlobEntity, SkillFileEntity } from "./modules/skills/skill-file.entity";
import { SkillPointerMoveEntity } from "./modules/skills/skill-pointer-move.entity";
import { SkillVersionEntity } from "./modules/skills/skill-version.entity";
import { WebhookDeliveryEntity } from "./modules/webhooks/webhook-delivery.entity";
import { WebhookSubscriptionEntity } from "./modules/webhooks/webhook-subscription.entity";
import { CallEntity, CallEventEntity, CallSkillEntity, ToolInvocationEntity } from "./modules/calls/call.entity";
import { ChatMessageEntity, ChatSessionEntity, ChatToolInvocationEntity } from "./modules/chat/chat.entity";

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
  ChatSessionEntity,
  ChatMessageEntity,
  ChatToolInvocationEntity,
];
