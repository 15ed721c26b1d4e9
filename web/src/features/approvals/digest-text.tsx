import { ActionIcon, Code, CopyButton, Group, Tooltip } from "@mantine/core";
import { shortDigest } from "./publish-block";

/** AP-2: a version's digest, short; the whole of it on hover and on the copy button. */
export function DigestText({ digest }: { digest: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={digest} multiline maw={360} style={{ wordBreak: "break-all" }}>
        <Code data-testid="version-digest" aria-label={`Digest ${digest}`}>
          {shortDigest(digest)}
        </Code>
      </Tooltip>
      <CopyButton value={digest}>
        {({ copied, copy }) => (
          <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={copied ? "Digest copied" : "Copy digest"}>
            {copied ? "✓" : "⧉"}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
