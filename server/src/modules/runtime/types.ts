// The plain data the runtime works on. Services build these from the database (or a cache) and persist what the
// runtime decides; nothing here knows where the data came from.

/** A webhook tool (an agent's or a skill's). Secrets never enter the runtime: the service signs the request. */
export interface RuntimeTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  webhookUrl: string;
}

export interface RuntimeKnowledgeDocument {
  id: string;
  title: string;
  content: string;
}

/** A knowledge base as read when the call started (RT-8: a document added mid-call is in the next call). */
export interface RuntimeKnowledgeBase {
  id: string;
  name: string;
  mode: "prompt" | "tool";
  topK: number;
  /** 0–1, compared with a hit's score normalised by the best hit's score. */
  similarityThreshold: number;
  documents: RuntimeKnowledgeDocument[];
}

export type CatalogVersionState = "draft" | "published" | "archived";

/** One published or archived skill version, with the knowledge bases of the project that holds it (LB-6). */
export interface CatalogVersion {
  id: string;
  name: string;
  version: number;
  description: string;
  instructions: string;
  tools: RuntimeTool[];
  knowledgeBases: RuntimeKnowledgeBase[];
  /** When given, a draft is never resolved, even when pinned (AG-1: a draft cannot be pinned). */
  state?: CatalogVersionState;
  /** PV-3: set (true) on a revoked version, which never resolves, even when pinned. */
  revoked?: boolean;
}

/**
 * What the source project holds, as far as this resolution needs: the live version id per name, and versions by
 * id (live ones and any pinned ones).
 */
export interface SkillCatalog {
  liveVersionIdByName: ReadonlyMap<string, string>;
  versionsById: ReadonlyMap<string, CatalogVersion>;
}

/** An agent's skill entry: `versionId` pins one version; null or absent follows the live version. */
export interface SkillEntry {
  name: string;
  versionId?: string | null;
}

/** A skill entry resolved at call start (RT-1): the version the call runs, and whether the agent pinned it. */
export interface ResolvedSkill extends CatalogVersion {
  pinned: boolean;
  /** Set when the skill resolved under a running staged rollout (RO-2): which rollout, and which arm it gave. */
  rollout?: SkillRollout | null;
}

/** The arm of a staged rollout a resolution fell in (RO-2): the live version or the candidate. */
export interface SkillRollout {
  rolloutId: string;
  arm: "live" | "candidate";
}

/** A tool listed by one of the agent's MCP servers at call start. */
export interface McpTool {
  server: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type AgentMode = "cascade" | "speech_to_speech";

export interface HandoffTarget {
  agentId: string;
  name: string;
}

/** The agent a call runs: a stored agent's published version or an inline agent, as plain data. */
export interface AgentSnapshot {
  /** null for an inline agent. */
  agentId: string | null;
  name: string;
  mode: AgentMode;
  prompt: string;
  maxLoadedSkills: number;
  /** CT-1: characters the catalog of its skills may take in the prompt (absent: DEFAULT_CATALOG_BUDGET). */
  catalogBudget?: number;
  tools: RuntimeTool[];
  knowledgeBases: RuntimeKnowledgeBase[];
  skills: SkillEntry[];
  handoffTargets: HandoffTarget[];
}

/** Template variables of a call or a chat message (RT-5, TX-1). */
export type TemplateVariables = Readonly<Record<string, unknown>>;
