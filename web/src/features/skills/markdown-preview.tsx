import { Typography } from "@mantine/core";
import Markdown from "react-markdown";

/** SEC-14: the body as markdown, never raw HTML (react-markdown drops HTML unless a raw plugin is added: none is). */
export function MarkdownPreview({ skillMd }: { skillMd: string }) {
  const lines = skillMd.split("\n");
  const closing = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
  const body = closing > 0 ? lines.slice(closing + 1).join("\n") : skillMd;
  return (
    <Typography data-testid="markdown-preview">
      <Markdown skipHtml>{body}</Markdown>
    </Typography>
  );
}
