import { Badge, Group, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { FAILED_COLOR, MUTED_COLOR, OK_COLOR } from "../../shared/format";

async function probe(path: string, signal: AbortSignal): Promise<boolean> {
  try {
    return (await fetch(path, { signal, cache: "no-store" })).ok;
  } catch (error) {
    if (signal.aborted) throw error;
    return false;
  }
}

/** /healthz and /readyz, so a sign-in problem can be told apart from a server that is down. */
export function ServerStatus() {
  const [health, setHealth] = useState("checking");
  const [ready, setReady] = useState("checking");
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([probe("/healthz", controller.signal), probe("/readyz", controller.signal)]).then(
      ([up, isReady]) => {
        setHealth(up ? "up" : "down");
        setReady(isReady ? "ready" : "not ready");
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return (
    <Group gap="xs">
      <Text size="sm">Server</Text>
      <Badge
        data-testid="server-status"
        color={health === "up" ? OK_COLOR : health === "down" ? FAILED_COLOR : MUTED_COLOR}
      >
        {health}
      </Badge>
      <Text size="sm">Database</Text>
      <Badge
        data-testid="server-readiness"
        color={ready === "ready" ? OK_COLOR : ready === "not ready" ? FAILED_COLOR : MUTED_COLOR}
      >
        {ready}
      </Badge>
    </Group>
  );
}
