import type http from "node:http";
import { Loaders } from "../../platform/graphql/context";
import { jsonFallbackParser, readJsonBody } from "../../platform/http/json-body";
import { sendJson } from "../../platform/http/json-response";
import type { Logger } from "../../platform/logger";
import type { AuthContext, AuthService } from "../auth";
import type { CursorWindow, SkillVersionEntity } from "../skills";
import { type Answer, type IdempotencyStore } from "./idempotency";
import { readMultipart, requestDigest, type MultipartLimits } from "./multipart";
import {
  apiErrorOf,
  badRequest,
  bodyErrorOf,
  errorBody,
  SkillsApiError,
  statusOf,
  type Vendor,
} from "./skills-api.errors";
import {
  presentDeletedSkill,
  presentDeletedVersion,
  presentPage,
  presentSkill,
  presentVersion,
} from "./skills-api.presenters";
import type { SkillsApiService } from "./skills-api.service";

export interface SkillsApiRouteOptions {
  auth: AuthService;
  service: SkillsApiService;
  idempotency: IdempotencyStore;
  logger: Logger;
  limits: MultipartLimits;
  /** The JSON body of an update (`{"default_version": "2"}`). */
  jsonLimitBytes: number;
}

/** One request, as the handlers see it. */
interface Exchange {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  requestId: string;
  vendor: Vendor;
  query: URLSearchParams;
}

type Route = (exchange: Exchange, ctx: AuthContext, params: string[]) => Promise<Answer | Binary>;

interface Binary {
  status: 200;
  zip: Uint8Array;
  fileName: string;
}

const PREFIX = "/v1/skills";
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const vendorOf = (req: http.IncomingMessage): Vendor =>
  header(req, "anthropic-version") !== undefined ? "anthropic" : "openai";

/** `limit`, and the cursor: OpenAI's `after` and `order`; Anthropic's `page` (newest first). */
function cursorWindow(exchange: Exchange): CursorWindow {
  const { query, vendor } = exchange;
  const rawLimit = query.get("limit");
  const limit = rawLimit === null || rawLimit === "" ? DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}; it is '${rawLimit}'.`, "limit");
  }
  if (vendor === "anthropic") return { after: query.get("page") || null, limit, order: "desc" };
  const order = query.get("order") ?? "desc";
  if (order !== "asc" && order !== "desc") {
    throw badRequest(`order must be 'asc' or 'desc'; it is '${order.slice(0, 50)}'.`, "order");
  }
  return { after: query.get("after") || null, limit, order };
}

/** The Skills API for both vendors' SDKs (EC-1, EC-2) on Node's `http`, under `/v1/skills`. */
export function skillsApiHandler(
  options: SkillsApiRouteOptions,
): (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => void {
  const { service } = options;
  const fallbackParser = jsonFallbackParser(options.jsonLimitBytes);
  const multipart = (exchange: Exchange) => readMultipart(exchange.req, options.limits);
  const ok = (body: unknown): Answer => ({ status: 200, body });

  const listSkills: Route = async (x, ctx) => {
    const window = cursorWindow(x);
    const source = x.query.get("source");
    if (x.vendor === "anthropic" && source && source !== "custom") {
      return ok(presentPage(x.vendor, { items: [], hasMore: false }, []));
    }
    const page = await service.list(ctx, window);
    return ok(
      presentPage(
        x.vendor,
        page,
        page.items.map((s) => presentSkill(x.vendor, s) as { id: string }),
      ),
    );
  };
  const createSkill: Route = async (x, ctx) =>
    remembered(x, ctx, await multipart(x), async (body) => ok(presentSkill(x.vendor, await service.create(ctx, body))));
  const getSkill: Route = async (x, ctx, [id]) => ok(presentSkill(x.vendor, await service.get(ctx, id!)));
  const updateSkill: Route = async (x, ctx, [id]) => {
    const body = (await readJsonBody(x.req, x.res, options.jsonLimitBytes, fallbackParser).catch((error: unknown) => {
      throw bodyErrorOf(error, options.jsonLimitBytes) ?? error;
    })) as Record<string, unknown> | null;
    const value = body?.default_version;
    if ((typeof value !== "string" || value.trim() === "") && !(typeof value === "number" && Number.isInteger(value))) {
      throw badRequest(
        'Send the version to make the default (the live version) as default_version, e.g. {"default_version": "2"}.',
        "default_version",
      );
    }
    return remembered(x, ctx, body, async () =>
      ok(presentSkill(x.vendor, await service.setDefault(ctx, id!, String(value).trim()))),
    );
  };
  const deleteSkill: Route = async (x, ctx, [id]) =>
    remembered(x, ctx, null, async () => {
      await service.deleteSkill(ctx, id!);
      return ok(presentDeletedSkill(x.vendor, id!));
    });
  const listVersions: Route = async (x, ctx, [id]) => {
    const page = await service.versions(ctx, id!, cursorWindow(x));
    const attestations = await service.attestationsOf(page.items);
    return ok(
      presentPage(
        x.vendor,
        page,
        page.items.map((v) => presentVersion(x.vendor, v, attestations.get(v.id) ?? null) as { id: string }),
      ),
    );
  };
  const withAttestation = async (vendor: Vendor, version: SkillVersionEntity) =>
    presentVersion(vendor, version, (await service.attestationsOf([version])).get(version.id) ?? null);
  const createVersion: Route = async (x, ctx, [id]) =>
    remembered(x, ctx, await multipart(x), async (body) =>
      ok(await withAttestation(x.vendor, await service.createVersion(ctx, id!, body))),
    );
  const getVersion: Route = async (x, ctx, [id, version]) =>
    ok(await withAttestation(x.vendor, await service.version(ctx, id!, version!)));
  const deleteVersion: Route = async (x, ctx, [id, version]) =>
    remembered(x, ctx, null, async () =>
      ok(presentDeletedVersion(x.vendor, await service.deleteVersion(ctx, id!, version!))),
    );
  const content: Route = async (_x, ctx, [id, version]) => {
    const found = await service.content(ctx, id!, version ?? null);
    return { status: 200, zip: found.zip, fileName: `${found.version.name}.zip` };
  };

  /** A write sent with `Idempotency-Key` runs once; a retry gets the first answer. */
  async function remembered<B>(x: Exchange, ctx: AuthContext, body: B, work: (body: B) => Promise<Answer>) {
    const key = header(x.req, "idempotency-key");
    const principal = ctx.principal;
    if (key === undefined || principal?.kind !== "key") return work(body);
    const path = (x.req.url ?? "").split("?", 1)[0]!;
    const hash = requestDigest(x.req.method ?? "", path, body);
    return options.idempotency.once(principal.projectId, key, hash, () => work(body));
  }

  /** `[pattern, { METHOD: route }]`: the segments after /v1/skills; `*` is a parameter. */
  const table: Array<[string[], Partial<Record<string, Route>>]> = [
    [[], { GET: listSkills, POST: createSkill }],
    [["*"], { GET: getSkill, POST: updateSkill, DELETE: deleteSkill }],
    [["*", "content"], { GET: content }],
    [["*", "versions"], { GET: listVersions, POST: createVersion }],
    [["*", "versions", "*"], { GET: getVersion, DELETE: deleteVersion }],
    [["*", "versions", "*", "content"], { GET: content }],
  ];

  function match(segments: string[]): { methods: Partial<Record<string, Route>>; params: string[] } | null {
    for (const [pattern, methods] of table) {
      if (pattern.length !== segments.length) continue;
      if (pattern.every((part, i) => part === "*" || part === segments[i])) {
        return { methods, params: segments.filter((_s, i) => pattern[i] === "*") };
      }
    }
    return null;
  }

  async function serve(x: Exchange): Promise<void> {
    const path = (x.req.url ?? "/").split("?", 1)[0]!;
    const rest = path.slice(PREFIX.length).replace(/^\/+|\/+$/g, "");
    let segments: string[];
    try {
      segments = rest === "" ? [] : rest.split("/").map((s) => decodeURIComponent(s));
    } catch {
      throw badRequest(`The path ${path.slice(0, 200)} is not valid percent-encoded text.`);
    }
    const found = match(segments);
    if (!found) throw new SkillsApiError("not_found", `No route ${x.req.method} ${path.slice(0, 200)}.`);
    const route = found.methods[x.req.method ?? ""];
    if (!route) {
      x.res.setHeader("allow", Object.keys(found.methods).join(", "));
      throw new SkillsApiError(
        "method_not_allowed",
        `${x.req.method} is not served on ${path.slice(0, 200)}; it takes ${Object.keys(found.methods).join(", ")}.`,
      );
    }
    const ctx = await authenticate(x);
    const answer = await route(x, ctx, found.params);
    if ("zip" in answer) {
      x.res.writeHead(200, {
        "content-type": "application/zip",
        "content-length": answer.zip.byteLength,
        "content-disposition": `attachment; filename="${asciiFileName(answer.fileName)}"; filename*=UTF-8''${encodeURIComponent(answer.fileName)}`,
      });
      x.res.end(Buffer.from(answer.zip.buffer, answer.zip.byteOffset, answer.zip.byteLength));
      return;
    }
    sendJson(x.res, answer.status, answer.body);
  }

  /** The key as `Authorization: Bearer` (what both SDKs send) or Anthropic's `x-api-key`. */
  async function authenticate(x: Exchange): Promise<AuthContext> {
    const apiKey = header(x.req, "x-api-key");
    const authorization = header(x.req, "authorization") ?? (apiKey ? `Bearer ${apiKey}` : undefined);
    const authentication = await options.auth.authenticate(authorization);
    const principal = authentication.principal;
    if (!principal) {
      throw new SkillsApiError(
        "authentication",
        authentication.failure ??
          "Send a project API key: 'Authorization: Bearer <key>' (or, with Anthropic's SDK, 'x-api-key: <key>').",
      );
    }
    if (principal.kind === "platform") {
      throw new SkillsApiError(
        "permission",
        "The Skills API acts on one project's skills: send one of the project's API keys, not the platform credential.",
      );
    }
    return { requestId: x.requestId, principal, loaders: new Loaders() };
  }

  async function fail(x: Exchange, error: unknown): Promise<void> {
    let answer = apiErrorOf(error);
    if (!answer) {
      options.logger.error({ err: error, requestId: x.requestId }, "skills api request failed");
      answer = new SkillsApiError(
        "internal",
        `Something went wrong on our side. Quote request id ${x.requestId} when you report it.`,
      );
    }
    if (x.res.headersSent || x.res.destroyed) return;
    // Both SDKs retry 409 and 5xx unless told: a refusal is final; a key still in use is worth a retry.
    x.res.setHeader("x-should-retry", answer.options.retry ? "true" : answer.kind === "internal" ? "true" : "false");
    if (answer.options.retry) x.res.setHeader("retry-after", "1");
    if (answer.kind === "too_large") {
      x.res.setHeader("connection", "close");
      await discardUnread(x.req, options.limits.maxBodyBytes);
      if (x.res.headersSent || x.res.destroyed) return;
    }
    sendJson(x.res, statusOf(answer.kind, x.vendor), errorBody(answer, x.vendor, x.requestId));
  }

  return (req, res, requestId) => {
    const exchange: Exchange = {
      req,
      res,
      requestId,
      vendor: vendorOf(req),
      query: new URL(req.url ?? "/", "http://localhost").searchParams,
    };
    res.setHeader("request-id", requestId);
    serve(exchange).catch((error: unknown) =>
      fail(exchange, error).catch((failure: unknown) =>
        options.logger.error({ err: failure, requestId }, "skills api answer failed"),
      ),
    );
  };
}

/** 429 for an address past AUTH_FAILURES_PER_MINUTE failed authentications, in the request's vendor's shape. */
export function skillsApiRateLimited(res: http.ServerResponse, req?: http.IncomingMessage): void {
  const error = new SkillsApiError(
    "rate_limited",
    "Too many failed authentication attempts from this address; wait a minute.",
  );
  const vendor = req ? vendorOf(req) : "openai";
  sendJson(res, 429, errorBody(error, vendor, String(res.getHeader("x-request-id") ?? "")));
}

/**
 * A body refused for its size is not read into memory: the rest is discarded as it arrives, and the refusal is sent
 * once it has all arrived. An SDK still streaming its upload would otherwise have the connection closed under it
 * (EPIPE) and never read the 413. Past a bound (or a declared length beyond it) the refusal goes at once and the
 * connection is cut once the bound is reached.
 */
function discardUnread(req: http.IncomingMessage, maxBodyBytes: number): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  const bound = 4 * maxBodyBytes;
  const declared = Number(req.headers["content-length"]);
  return new Promise((resolve) => {
    let discarded = 0;
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > bound) {
        req.destroy();
        resolve();
      }
    });
    req.once("end", () => resolve());
    req.once("close", () => resolve());
    req.once("error", () => resolve());
    if (Number.isFinite(declared) && declared > bound) resolve();
    req.resume();
  });
}

function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, "_");
}
