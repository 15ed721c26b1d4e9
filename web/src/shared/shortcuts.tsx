import { Kbd, Text } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { Fragment } from "react";

/** The editors' keyboard shortcuts, one list so the hints and the bindings cannot drift apart. */
export const SHORTCUTS = {
  save: { hotkey: "mod+S", keys: ["S"], aria: "Control+S Meta+S" },
  publish: { hotkey: "mod+Enter", keys: ["Enter"], aria: "Control+Enter Meta+Enter" },
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;

const onMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/i.test(navigator.userAgent);

/**
 * Binds the named shortcuts for the whole page, also while typing in a field or in the SKILL.md editor (an editor's
 * shortcut must work where the author is typing). A name given with no handler (nothing to do now, e.g. read-only)
 * still keeps the browser's own meaning away: Ctrl-S would offer to save the page as HTML.
 */
export function usePageShortcuts(handlers: Partial<Record<ShortcutName, (() => void) | undefined>>) {
  useHotkeys(
    (Object.keys(handlers) as ShortcutName[]).map((name) => [SHORTCUTS[name].hotkey, () => handlers[name]?.()]),
    [],
    true,
  );
}

/** "Ctrl + S save · Ctrl + Enter publish…", with ⌘ on a Mac. */
export function ShortcutHint({ items }: { items: Array<[ShortcutName, string]> }) {
  const mod = onMac() ? "⌘" : "Ctrl";
  return (
    <Text size="xs" c="dimmed" data-testid="shortcut-hint">
      {items.map(([name, action], i) => (
        <Fragment key={name}>
          {i > 0 ? " · " : ""}
          <Kbd size="xs">{mod}</Kbd> + <Kbd size="xs">{SHORTCUTS[name].keys[0]}</Kbd> {action}
        </Fragment>
      ))}
    </Text>
  );
}
