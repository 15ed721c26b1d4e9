import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchBrowser, watchPageProblems } from "./browser";
import { checkPage, gql, newProject, screenshotsDir } from "./console";
import { startServer, type RunningServer, type StartServerOptions } from "./server";

/** Every journey's page size: the console must read well at 1280 px. */
export const VIEWPORT = { width: 1280, height: 860 };

export interface ConsoleSession {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** The journey's main tab. */
  readonly page: Page;
  /** Page errors and CSP refusals seen in any tab so far; every test ends with none. */
  readonly problems: string[];
  /** A screenshot to e2e/screenshots/<journey>/<step>.png and axe (no serious or critical violation). */
  check(step: string, page?: Page): Promise<void>;
  /** One GraphQL operation with `token` (a project key, or the platform credential). */
  gql<T>(token: string, query: string, variables?: Record<string, unknown>): Promise<T>;
  /** A fresh project and its admin key. */
  project(name: string): Promise<{ id: string; key: string }>;
  /** Another tab in the same browser session (its problems are watched too). */
  newPage(): Promise<Page>;
  /** Setup through the API, for what a journey is not about: a published skill (its version id). */
  publishSkill(token: string, skillMd: string): Promise<string>;
  /** …and a published agent (its agent id). */
  publishAgent(token: string, input: Record<string, unknown>): Promise<string>;
}

export interface SessionOptions {
  /** The folder of its screenshots. */
  journey: string;
  /** The server's environment; a function runs first (a scripted model or a receiver to point it at). */
  server?: StartServerOptions | (() => Promise<StartServerOptions>);
  /** How long a locator waits (ms). */
  timeout?: number;
  /** "dark" runs the whole journey in dark mode (the console follows the system's setting). */
  colorScheme?: "light" | "dark";
}

/**
 * The one browser session a journey file uses: it starts the real server, Debian's Chromium and a 1280 px context
 * before the first test, checks after each test that no page error or CSP refusal happened, and stops everything
 * after the last. Fields are filled in `beforeAll`; read them inside tests.
 */
export function useConsoleSession(options: SessionOptions): ConsoleSession {
  const state: Partial<{ server: RunningServer; browser: Browser; context: BrowserContext; page: Page }> = {};
  const problems: string[] = [];
  const need = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (!value) throw new Error(`The console session has no ${key}: did beforeAll fail?`);
    return value as NonNullable<(typeof state)[K]>;
  };
  const watch = (page: Page) => {
    const seen = watchPageProblems(page);
    const push = seen.push.bind(seen);
    seen.push = (...items: string[]) => {
      problems.push(...items);
      return push(...items);
    };
    return page;
  };
  const session: ConsoleSession = {
    get server() {
      return need("server");
    },
    get browser() {
      return need("browser");
    },
    get context() {
      return need("context");
    },
    get page() {
      return need("page");
    },
    problems,
    check: (step, page) => checkPage(page ?? session.page, options.journey, step),
    gql: (token, query, variables) => gql(session.server, token, query, variables),
    project: (name) => newProject(session.server, name),
    newPage: async () => watch(await session.context.newPage()),
    publishSkill: async (token, skillMd) => {
      const made = await session.gql<{ createSkillVersion: { id: string } }>(
        token,
        `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`,
        { md: skillMd },
      );
      await session.gql(token, `mutation($id: ID!) { publishSkillVersion(id: $id) { id } }`, {
        id: made.createSkillVersion.id,
      });
      return made.createSkillVersion.id;
    },
    publishAgent: async (token, input) => {
      const saved = await session.gql<{ saveAgent: { id: string; agentId: string } }>(
        token,
        `mutation($input: AgentInput!) { saveAgent(input: $input) { id agentId } }`,
        { input },
      );
      await session.gql(token, `mutation($id: ID!) { publishAgentVersion(id: $id) { id } }`, {
        id: saved.saveAgent.id,
      });
      return saved.saveAgent.agentId;
    },
  };

  beforeAll(async () => {
    // this run's screenshots only: a step renamed or removed leaves no stale picture behind
    await rm(join(screenshotsDir, options.journey), { recursive: true, force: true });
    const serverOptions = typeof options.server === "function" ? await options.server() : options.server;
    const [server, browser] = await Promise.all([startServer(serverOptions), launchBrowser()]);
    state.server = server;
    state.browser = browser;
    state.context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: VIEWPORT,
      colorScheme: options.colorScheme ?? "light",
    });
    state.context.setDefaultTimeout(options.timeout ?? 10_000);
    state.page = watch(await state.context.newPage());
  });

  afterEach(async (context) => {
    // a failed step leaves a picture of where it stood, beside the journey's screenshots
    if (context.task.result?.state === "fail" && state.page && !state.page.isClosed()) {
      const name = context.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60);
      await state.page.screenshot({
        path: join(screenshotsDir, options.journey, `FAILED-${name}.png`),
        fullPage: true,
      });
    }
    expect(problems, "page errors or CSP refusals during this test").toEqual([]);
  });

  afterAll(async () => {
    await state.context?.close();
    await state.browser?.close();
    await state.server?.stop();
  });

  return session;
}
