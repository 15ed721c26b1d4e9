import type { SecretBox } from "../../platform/crypto";
import type { CallAgent } from "../agents";
import { AgentSecretSeal } from "../calls";
import type { ModelEndpoint } from "../model";
import type { ChatSessionEntity } from "./chat.entity";

const MODEL_KEY = "model:api_key";

/**
 * What a chat session keeps sealed to itself: its agent's model key, and an inline agent's tool secrets and MCP
 * headers (`mcp:<server>`). Sealed when the session starts or hands off, opened by the reply's tool loop.
 */
export class ChatSecrets {
  private readonly seal: AgentSecretSeal;

  constructor(secretBox: SecretBox) {
    this.seal = new AgentSecretSeal(secretBox, {
      binding: (sessionId, key) => `chat_session:${sessionId}:${key}`,
      modelKey: MODEL_KEY,
      toolKey: (tool) => tool,
    });
  }

  /** A new session's sealed secrets. */
  sealFor(sessionId: string, agent: CallAgent): Record<string, string> {
    return this.seal.seal(sessionId, agent);
  }

  /** The sealed secrets after a handoff: the target's model key replaces the one before (or none). */
  afterHandoff(session: ChatSessionEntity, target: CallAgent): Record<string, string> {
    const { [MODEL_KEY]: _previous, ...others } = session.sealedSecrets;
    return target.model?.apiKey
      ? { ...others, [MODEL_KEY]: this.seal.sealValue(session.id, MODEL_KEY, target.model.apiKey) }
      : others;
  }

  /** The session's model endpoint with its key in clear; null: the process default answers. */
  modelEndpoint(session: ChatSessionEntity): ModelEndpoint | null {
    if (!session.model) return null;
    return { ...session.model, apiKey: this.open(session, MODEL_KEY) };
  }

  /** An inline agent's tool secret, or MCP headers as `mcp:<server>`, in clear. */
  open(session: ChatSessionEntity, key: string): string | null {
    return this.seal.open(session.id, session.sealedSecrets, key);
  }
}
