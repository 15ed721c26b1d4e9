// The knowledge module's face: what other modules may use.
export { KnowledgeBaseEntity, KnowledgeDocumentEntity } from "./knowledge-base.entity";
export { KnowledgeResolver } from "./knowledge.resolver";
export { KnowledgeService } from "./knowledge.service";
export { KnowledgeBaseType, KnowledgeMode } from "./knowledge.types";
export { knowledgeBasesOf, registerKnowledgeLoaders } from "./knowledge.loaders";
