import { Button, Code, CopyButton, Group, Tooltip } from "@mantine/core";
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
          // Words, not a glyph: the copy symbols are missing from common system fonts.
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={copy}
            aria-label={copied ? "Digest copied" : "Copy digest"}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
