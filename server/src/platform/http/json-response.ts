import type http from "node:http";

/** Answers `body` as JSON with `status`, its length set. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** An address blocked for failed authentications (SEC-8) gets this; `retry-after` is already set. */
export function tooManyFailures(res: http.ServerResponse): void {
  sendJson(res, 429, {
    error: "rate_limited",
    message: "Too many failed authentications from this address; retry later.",
  });
}
