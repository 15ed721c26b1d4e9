import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Suspense, useEffect, type MouseEvent } from "react";
import { Navigate, NavLink as RouterLink, Outlet, useLocation } from "react-router";
import { useSession } from "../features/sign-in/session-context";
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

/** Moves focus to the page itself (not the address: a hash would be kept in the URL and its filters). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById("main");
  main?.focus();
  main?.scrollIntoView();
}

/** The signed-in frame: who you are, where you can go, and the page. */
export function Layout() {
  const { session, signOut } = useSession();
  const location = useLocation();
  // below the "sm" breakpoint (a phone) the sections fold behind a menu button, so the page keeps the width
  const [menuOpen, menu] = useDisclosure(false);
  const closeMenu = menu.close;
  useEffect(() => closeMenu(), [location.pathname, closeMenu]);
  if (!session) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  const links =
    session.role === "PLATFORM"
      ? [{ to: "/platform", label: "Projects and libraries" }]
      : [...PROJECT_LINKS, ...(session.role === "ADMIN" ? ADMIN_LINKS : [])];
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 210, breakpoint: "sm", collapsed: { mobile: !menuOpen } }}
      padding={{ base: "xs", sm: "md" }}
    >
      {/* UX-6: the first thing Tab reaches; hidden until focused, it skips the header and the sections */}
      <a href="#main" className="skip-link" onClick={skipToMain}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpen ? "Close the sections menu" : "Open the sections menu"}
              aria-expanded={menuOpen}
              aria-controls="console-sections"
            />
            <Title order={2} size="h4">
              Skillgraph
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text size="sm" data-testid="session-project" truncate="end" maw={{ base: 70, sm: 420 }}>
              {session.project ? session.project.name : "Platform"}
            </Text>
            <Badge variant="light" data-testid="session-role">
              {session.role.toLowerCase()}
            </Badge>
            <Button variant="default" size="xs" onClick={signOut} style={{ flexShrink: 0 }}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections" id="console-sections">
        {links.map((l) => (
          <NavLink
            key={l.to}
            component={RouterLink}
            to={l.to}
            label={l.label}
            active={location.pathname.startsWith(l.to)}
            variant="filled"
            onClick={closeMenu}
          />
        ))}
      </AppShell.Navbar>
      {/* AppShell.Main is the page's one <main> landmark */}
      <AppShell.Main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
