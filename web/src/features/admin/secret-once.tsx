import { Alert, Code, CopyButton, Button, Group, Text } from "@mantine/core";
import { WARN_COLOR } from "../../shared/format";

/** A secret the server shows once: copy it now, it cannot be read again. */
export function SecretOnce({ title, secret, children }: { title: string; secret: string; children?: React.ReactNode }) {
  return (
    <Alert color={WARN_COLOR} title={title} variant="light">
      <Text size="sm">Copy it now: it is shown once and only its hash is kept.</Text>
      <Group mt="xs">
        <Code data-testid="secret-once">{secret}</Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </Button>
          )}
        </CopyButton>
      </Group>
      {children}
    </Alert>
  );
}
