import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { defaultModelEndpoint } from "./modules/model";

describe("model settings", () => {
  it("default to no endpoint, a 60 s timeout and 8 tool rounds", () => {
    const config = loadConfig({});
    expect(defaultModelEndpoint(config)).toBeNull();
    expect([config.modelTimeoutMs, config.chatMaxToolRounds]).toEqual([60_000, 8]);
  });

  it("MODEL_BASE_URL, MODEL_NAME and MODEL_API_KEY make the default endpoint; no key sends none", () => {
    const env = { MODEL_BASE_URL: "https://api.example.com/v1", MODEL_NAME: "gpt-x" };
    expect(defaultModelEndpoint(loadConfig({ ...env, MODEL_API_KEY: "sk-1" }))).toEqual({
      baseUrl: "https://api.example.com/v1",
      model: "gpt-x",
      apiKey: "sk-1",
    });
    expect(defaultModelEndpoint(loadConfig(env))?.apiKey).toBeNull();
  });

  it("refuses a base URL that is not http(s), a base URL without a model name, and out-of-range numbers", () => {
    expect(() => loadConfig({ MODEL_BASE_URL: "ftp://x", MODEL_NAME: "m" })).toThrow(ConfigError);
    expect(() => loadConfig({ MODEL_BASE_URL: "https://api.example.com/v1" })).toThrow(/MODEL_NAME/);
    expect(() => loadConfig({ MODEL_TIMEOUT_MS: "0" })).toThrow(/MODEL_TIMEOUT_MS/);
    expect(() => loadConfig({ CHAT_MAX_TOOL_ROUNDS: "zero" })).toThrow(/CHAT_MAX_TOOL_ROUNDS/);
  });
});
