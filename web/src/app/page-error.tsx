import { Alert, Button, Text } from "@mantine/core";
import { useRouteError } from "react-router";
import { errorInfo } from "../shared/errors";

// Chromium, Firefox and Safari's words for a code-split chunk that could not be fetched.
const CHUNK_FAILED = /dynamically imported module|importing a module script failed/i;

/**
 * What a page shows in place of itself when it could not be opened, inside the console's frame (the sections stay):
 * most often its code could not be fetched because the server is down or restarting. A reload fetches it again.
 */
export function PageError() {
  const error = useRouteError();
  const message = errorInfo(error)?.message ?? "";
  return (
    <Alert color="red" variant="light" role="alert" title="This page could not be opened">
      <Text size="sm">
        {CHUNK_FAILED.test(message)
          ? "The console could not fetch this page from the server: it may be down or restarting. Reload once it answers; other pages you opened still work."
          : message}
      </Text>
      <Button mt="sm" size="xs" variant="default" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Alert>
  );
}
