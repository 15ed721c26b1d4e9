import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/platform/logger";

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A real logger (the app's redaction and serializers) writing into memory: parsed lines and the raw text. */
export function captureLog(level = "debug"): { logger: Logger; lines: LogLine[]; raw: () => string } {
  const lines: LogLine[] = [];
  let raw = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: createLogger(level, stream), lines, raw: () => raw };
}
