import { Alert, Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
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
