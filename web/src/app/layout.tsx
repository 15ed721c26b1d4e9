import { AppShell, Badge, Button, Group, NavLink, Text, Title } from "@mantine/core";
import { Suspense } from "react";
import { Navigate, NavLink as RouterLink, Outlet, useLocation } from "react-router";
import { useSession } from "../features/session/session-context";
import { Loading } from "../shared/states";

const PROJECT_LINKS = [
  { to: "/skills", label: "Skills" },
  { to: "/agents", label: "Agents" },
  { to: "/knowledge", label: "Knowledge" },
  { to: "/calls", label: "Calls" },
  { to: "/sessions", label: "Sessions" },
  { to: "/insights", label: "Insights" },
  { to: "/evals", label: "Evals" },
];
const ADMIN_LINKS = [
  { to: "/admin/keys", label: "API keys" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/settings", label: "Settings" },
];

/** The signed-in frame: who you are, where you can go, and the page. */
export function Layout() {
  const { session, signOut } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  const links =
    session.role === "PLATFORM"
      ? [{ to: "/platform", label: "Projects and libraries" }]
      : [...PROJECT_LINKS, ...(session.role === "ADMIN" ? ADMIN_LINKS : [])];
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 210, breakpoint: 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={2} size="h4">
            Skillgraph
          </Title>
          <Group gap="sm">
            <Text size="sm" data-testid="session-project">
              {session.project ? session.project.name : "Platform"}
            </Text>
            <Badge variant="light" data-testid="session-role">
              {session.role.toLowerCase()}
            </Badge>
            <Button variant="default" size="xs" onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections">
        {links.map((l) => (
          <NavLink
            key={l.to}
            component={RouterLink}
            to={l.to}
            label={l.label}
            active={location.pathname.startsWith(l.to)}
            variant="filled"
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <main>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </AppShell.Main>
    </AppShell>
  );
}
