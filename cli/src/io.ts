/** Where the CLI writes, and what it knows of its terminal: tests give their own. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** stdout is a terminal: colour (unless NO_COLOR) is allowed. */
  colour: boolean;
  /** stderr is a terminal: a progress line may be redrawn in place. */
  progressLine: boolean;
}

export function processIo(): Io {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    colour: Boolean(process.stdout.isTTY) && process.env.NO_COLOR === undefined,
    progressLine: Boolean(process.stderr.isTTY),
  };
}

export interface Paint {
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const ansi = (code: number) => (text: string) => `\u001b[${code}m${text}\u001b[0m`;
const plain = (text: string) => text;

/** Colour only on a terminal (and never in --json output). */
export function paintFor(io: Io, json: boolean): Paint {
  if (!io.colour || json) return { green: plain, red: plain, yellow: plain, dim: plain, bold: plain };
  return { green: ansi(32), red: ansi(31), yellow: ansi(33), dim: ansi(2), bold: ansi(1) };
}

/** "Pushing 3/12 explain-bill…" redrawn in place on a terminal; nothing elsewhere (the results say it). */
export function progress(io: Io, done: number, total: number, what: string): void {
  if (!io.progressLine || total < 2) return;
  io.err(`\r\u001b[2K${done}/${total} ${what}`);
  if (done === total) io.err("\r\u001b[2K");
}
