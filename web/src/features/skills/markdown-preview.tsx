import { Code, Typography } from "@mantine/core";
import Markdown, { type Components } from "react-markdown";
import { rehypeHiddenCharacters } from "../review/hidden-in-markdown";

const isWebLink = (href: string | undefined) => !!href && /^(https?:|mailto:)/i.test(href);

// A relative link names a file of the bundle (references/rates.md): in the console it would lead to a page that does
// not exist, so it is shown as the file's path; web links open in a new tab.
const components: Components = {
  // CR-4: a hidden run, drawn as the editor draws it (see rehypeHiddenCharacters)
  mark: ({ children, title, className }) => (
    <mark
      className={className}
      title={title}
      style={{
        background: "#fde2e2",
        color: "#8a1c1c",
        border: "1px solid #c92a2a",
        borderRadius: 3,
        padding: "0 2px",
        fontSize: "0.85em",
      }}
    >
      {children}
    </mark>
  ),
  a: ({ href, children }) =>
    isWebLink(href) ? (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ) : (
      <span title={href ? `A file of this skill: ${href} (see Files)` : undefined}>
        {children} {href ? <Code>{href}</Code> : null}
      </span>
    ),
};

/** SEC-14: the body as markdown, never raw HTML (react-markdown drops HTML unless a raw plugin is added: none is). */
export function MarkdownPreview({ skillMd }: { skillMd: string }) {
  const lines = skillMd.split("\n");
  const closing = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
  const body = closing > 0 ? lines.slice(closing + 1).join("\n") : skillMd;
  return (
    <Typography
      data-testid="markdown-preview"
      role="region"
      aria-label="SKILL.md preview"
      tabIndex={0}
      // as tall as the editor beside it (less its tab bar), scrolling on its own (keyboard too: it is focusable)
      style={{ maxHeight: "max(320px, calc(100dvh - 300px))", overflow: "auto" }}
    >
      <Markdown skipHtml components={components} rehypePlugins={[rehypeHiddenCharacters]}>
        {body}
      </Markdown>
    </Typography>
  );
}
