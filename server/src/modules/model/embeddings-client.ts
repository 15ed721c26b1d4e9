import { UpstreamError } from "../../platform/errors";
import type { HostResolver } from "../../platform/outbound/address-policy";
import { OutboundError } from "../../platform/outbound/outbound-error";
import { pinnedFetch, type PinnedFetch } from "../../platform/outbound/pinned-fetch";
import { quote } from "../../platform/text";
import { describe, quoted } from "./model-client";

/** CT-2: an OpenAI-compatible embeddings endpoint (EMBEDDINGS_BASE_URL, EMBEDDINGS_MODEL, EMBEDDINGS_API_KEY). */
export interface EmbeddingsEndpoint {
  /** e.g. `https://api.openai.com/v1`; `/embeddings` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; null sends none. A secret: never in a message or a log. */
  apiKey: string | null;
}

export interface EmbeddingsClientOptions {
  endpoint: EmbeddingsEndpoint;
  /** One request, whole (EMBEDDINGS_TIMEOUT_MS). */
  timeoutMs: number;
  /** OUTBOUND_ALLOW_HOSTS (SEC-13). */
  allowList: readonly string[];
  resolve?: HostResolver;
  /** Inputs per request (default 256): a long list is sent in batches, one after the other. */
  batchSize?: number;
}

/** Inputs per request: OpenAI takes up to 2,048; smaller requests keep each answer small and quick. */
export const EMBEDDINGS_BATCH = 256;
/** The most one answer may hold (256 vectors of 3,072 numbers as JSON take about 16 MB). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** The process's embeddings endpoint from config; null (fusion off) unless its URL and model are both set. */
export function embeddingsEndpoint(config: {
  embeddingsBaseUrl: string | undefined;
  embeddingsModel: string | undefined;
  embeddingsApiKey: string | undefined;
}): EmbeddingsEndpoint | null {
  if (!config.embeddingsBaseUrl || !config.embeddingsModel) return null;
  return { baseUrl: config.embeddingsBaseUrl, model: config.embeddingsModel, apiKey: config.embeddingsApiKey ?? null };
}

/**
 * `POST {base}/embeddings` with `{ model, input: string[] }` → one vector per input, in the inputs' order (the
 * answer's `data[].index` places them). Never retries; checks the URL against SEC-13 and follows no redirect; every
 * failure — refused URL, connection error, HTTP error status, timeout, an answer of another shape, vectors of
 * different dimensions — is an UpstreamError whose message names the endpoint by origin and path only.
 */
export class EmbeddingsClient {
  private readonly fetch: PinnedFetch;
  private readonly url: string;
  private readonly where: string;

  constructor(private readonly options: EmbeddingsClientOptions) {
    this.fetch = pinnedFetch({
      allowList: options.allowList,
      resolve: options.resolve,
      maxBodyBytes: MAX_ANSWER_BYTES,
    });
    this.url = `${options.endpoint.baseUrl.replace(/\/+$/, "")}/embeddings`;
    this.where = describe(options.endpoint.baseUrl);
  }

  get model(): string {
    return this.options.endpoint.model;
  }

  /** One vector per input, in order; all of one dimension. */
  async embed(inputs: readonly string[]): Promise<number[][]> {
    const size = Math.max(1, this.options.batchSize ?? EMBEDDINGS_BATCH);
    const vectors: number[][] = [];
    for (let from = 0; from < inputs.length; from += size) {
      const batch = await this.request(inputs.slice(from, from + size));
      if (vectors.length > 0 && batch[0]!.length !== vectors[0]!.length)
        throw this.unusable(`vectors of ${batch[0]!.length} and ${vectors[0]!.length} dimensions`);
      vectors.push(...batch);
    }
    return vectors;
  }

  private async request(input: string[]): Promise<number[][]> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (this.options.endpoint.apiKey !== null) headers.authorization = `Bearer ${this.options.endpoint.apiKey}`;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(this.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: this.options.endpoint.model, input }),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw this.failure(error, signal.aborted);
    }
    if (status < 200 || status > 299)
      throw new UpstreamError(
        `The embeddings endpoint ${this.where} answered HTTP ${status}: ${quoted(text, 300)}`,
        status,
      );
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw this.unusable("an answer that is not JSON");
    }
    return this.vectorsOf(answer, input.length);
  }

  /** The answer's vectors by their `index` (their position when it has none), checked. */
  private vectorsOf(answer: unknown, count: number): number[][] {
    const data = (answer as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || data.length !== count)
      throw this.unusable(`an answer without ${count} vector${count === 1 ? "" : "s"} in \`data\``);
    const vectors = new Array<number[] | undefined>(count);
    data.forEach((item: unknown, position) => {
      const { embedding, index = position } = (item ?? {}) as { embedding?: unknown; index?: unknown };
      if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count || vectors[index as number])
        throw this.unusable(`an answer whose vector ${position} has no index of its own`);
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every(Number.isFinite))
        throw this.unusable(`an answer whose vector ${position} is not a list of numbers`);
      vectors[index as number] = embedding as number[];
    });
    const dimensions = vectors[0]!.length;
    if (vectors.some((vector) => vector!.length !== dimensions))
      throw this.unusable("vectors of different dimensions in one answer");
    return vectors as number[][];
  }

  private unusable(what: string): UpstreamError {
    return new UpstreamError(`The embeddings endpoint ${this.where} answered ${what}.`);
  }

  private failure(error: unknown, timedOut: boolean): UpstreamError {
    if (timedOut)
      return new UpstreamError(
        `The embeddings endpoint ${this.where} did not answer within ${this.options.timeoutMs} ms (EMBEDDINGS_TIMEOUT_MS).`,
        undefined,
        true,
      );
    if (error instanceof OutboundError && error.kind === "refused")
      return new UpstreamError(`The embeddings endpoint ${this.where} may not be called: ${error.message}`);
    const message = error instanceof Error ? error.message : String(error);
    return new UpstreamError(
      `The embeddings endpoint ${this.where} could not be reached: ${quote(message, { max: 300 })}`,
    );
  }
}
