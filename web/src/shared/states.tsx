import { Alert, Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorInfo } from "./errors";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorNotice({ error, title = "Something went wrong" }: { error: unknown; title?: string }) {
  const info = errorInfo(error);
  if (!info) return null;
  return (
    <Alert color="red" title={title} role="alert" variant="light">
      {info.message}
      {info.code ? (
        <Text size="xs" c="dimmed" mt={4}>
          code {info.code}
        </Text>
      ) : null}
    </Alert>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Text c="dimmed">{children}</Text>
    </Center>
  );
}

/**
 * A page whose subject is not there (deleted, or an address mistyped or from another project): says so as the
 * page's heading, without an alarm (nothing failed, and reading again would not find it), and leads back to its list.
 */
export function NotFound({ children, back }: { children: ReactNode; back: { to: string; label: string } }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={560} data-testid="not-found">
        <Title order={1} size="h4" ta="center" style={{ wordBreak: "break-word" }}>
          {children}
        </Title>
        <Text c="dimmed" size="sm" ta="center">
          It may have been deleted, or the address is mistyped or from another project.
        </Text>
        <Button component={Link} to={back.to} variant="default">
          {back.label}
        </Button>
      </Stack>
    </Center>
  );
}
