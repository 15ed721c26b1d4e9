import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger";
import { clientErrorOf, internalErrorMessage } from "./edge";

/** JSON-RPC 2.0's codes for a request that never reached a method: not JSON, not a request, our failure. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;

/** An error answer in JSON-RPC's shape (`id: null`: the request's id could not be read). */
export function jsonRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/**
 * The last handler of a JSON-RPC route (e.g. /mcp): a body the parser refused (not JSON, too large, another charset)
 * or a failure before the route answered, in the route's protocol rather than GraphQL's `{ errors }`.
 */
export function jsonRpcErrorHandler(bodyLimitBytes: number, logger: Logger) {
  return (error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const client = clientErrorOf(error, bodyLimitBytes);
    if (client)
      return jsonRpcError(
        res,
        client.status,
        error.type === "entity.parse.failed" ? PARSE_ERROR : INVALID_REQUEST,
        client.message,
      );
    logger.error({ err: error, requestId: res.locals.requestId }, "unhandled http error");
    jsonRpcError(res, 500, INTERNAL_ERROR, internalErrorMessage(String(res.locals.requestId)));
  };
}
