import { lazy } from "react";
import { Navigate, createBrowserRouter, type RouteObject } from "react-router";
import { readSession } from "../features/sign-in/session-storage";
import { Layout } from "./layout";
import { PageError } from "./page-error";

// Code-split: each page is its own chunk, loaded when its URL is opened.
const SignInPage = lazy(() => import("../features/sign-in/sign-in-page"));
const SkillsListPage = lazy(() => import("../features/skills/skills-list-page"));
const SkillEditorPage = lazy(() => import("../features/skills/skill-editor-page"));
const SkillHistoryPage = lazy(() => import("../features/skills/skill-history-page"));
const SkillDiffPage = lazy(() => import("../features/skills/skill-diff-page"));
const RolloutPage = lazy(() => import("../features/rollouts/rollout-page"));
const RolloutsListPage = lazy(() => import("../features/rollouts/rollouts-list-page"));
const AgentsListPage = lazy(() => import("../features/agents/agents-list-page"));
const AgentEditorPage = lazy(() => import("../features/agents/agent-editor-page"));
const AgentOpenPage = lazy(() => import("../features/agents/agent-open-page"));
const TryItPage = lazy(() => import("../features/calls/try-it-page"));
const CallsListPage = lazy(() => import("../features/calls/calls-list-page"));
const CallPage = lazy(() => import("../features/calls/call-page"));
const SessionsListPage = lazy(() => import("../features/sessions/sessions-list-page"));
const SessionPage = lazy(() => import("../features/sessions/session-page"));
const InsightsPage = lazy(() => import("../features/insights/insights-page"));
const KnowledgeListPage = lazy(() => import("../features/knowledge/knowledge-list-page"));
const KnowledgeBasePage = lazy(() => import("../features/knowledge/knowledge-base-page"));
const EvalRunsPage = lazy(() => import("../features/evals/eval-runs-page"));
const EvalRunPage = lazy(() => import("../features/evals/eval-run-page"));
const EvalScenariosPage = lazy(() => import("../features/evals/eval-scenarios-page"));
const ApiKeysPage = lazy(() => import("../features/admin/api-keys-page"));
const WebhooksPage = lazy(() => import("../features/admin/webhooks-page"));
const AuditPage = lazy(() => import("../features/admin/audit-page"));
const ProjectSettingsPage = lazy(() => import("../features/admin/project-settings-page"));
const PlatformPage = lazy(() => import("../features/admin/platform-page"));

const home = () => (readSession()?.role === "PLATFORM" ? "/platform" : "/skills");

export const routes: RouteObject[] = [
  { path: "/signin", element: <SignInPage /> },
  {
    element: <Layout />,
    // a page that fails to open (its code not fetched while the server is down) says so inside the frame
    children: [{ errorElement: <PageError />, children: pages() }],
  },
];

export const router = createBrowserRouter(routes);

function pages(): RouteObject[] {
  return [
    { index: true, element: <Navigate to={home()} replace /> },
    { path: "skills", element: <SkillsListPage /> },
    { path: "skills/new", element: <SkillEditorPage /> },
    { path: "skills/v/:id", element: <SkillEditorPage /> },
    { path: "skills/:name/history", element: <SkillHistoryPage /> },
    { path: "skills/:name/diff", element: <SkillDiffPage /> },
    { path: "skills/:name/rollouts", element: <RolloutsListPage /> },
    { path: "rollouts/:id", element: <RolloutPage /> },
    { path: "agents", element: <AgentsListPage /> },
    { path: "agents/new", element: <AgentEditorPage /> },
    { path: "agents/v/:id", element: <AgentEditorPage /> },
    { path: "agents/by-id/:agentId", element: <AgentOpenPage /> },
    { path: "agents/:agentId/try", element: <TryItPage /> },
    { path: "calls", element: <CallsListPage /> },
    { path: "calls/:id", element: <CallPage /> },
    { path: "sessions", element: <SessionsListPage /> },
    { path: "sessions/:id", element: <SessionPage /> },
    { path: "insights", element: <InsightsPage /> },
    { path: "knowledge", element: <KnowledgeListPage /> },
    { path: "knowledge/:id", element: <KnowledgeBasePage /> },
    { path: "evals", element: <EvalRunsPage /> },
    { path: "evals/runs/:id", element: <EvalRunPage /> },
    { path: "evals/scenarios", element: <EvalScenariosPage /> },
    { path: "admin/keys", element: <ApiKeysPage /> },
    { path: "admin/webhooks", element: <WebhooksPage /> },
    { path: "admin/audit", element: <AuditPage /> },
    { path: "admin/settings", element: <ProjectSettingsPage /> },
    { path: "platform", element: <PlatformPage /> },
    { path: "*", element: <Navigate to="/" replace /> },
  ];
}
