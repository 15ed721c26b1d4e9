import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

/**
 * A colour for badges, buttons and text in both colour schemes (Mantine's variables): [1] its tint and [9] text on
 * it in light mode, [8] filled in light mode, [6] filled in dark mode (both dark enough for white text), [0] text on
 * its dark tint and [2] outlines in dark mode, [4] text in dark mode. Chosen for WCAG AA contrast.
 */
const tuple = (light: string[], filled: string, deepest: string): MantineColorsTuple =>
  [light[0]!, light[1]!, light[2]!, light[3]!, light[4]!, light[5]!, filled, filled, filled, deepest] as const;

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "sm",
  focusRing: "auto",
  colors: {
    ok: tuple(["#ebfbee", "#d3f9d8", "#b2f2bb", "#8ce99a", "#69db7c", "#51cf66"], "#1b6e2f", "#14532d"),
    fail: tuple(["#fff5f5", "#ffe3e3", "#ffc9c9", "#ffa8a8", "#ff8787", "#ff6b6b"], "#b02525", "#7d1a1a"),
    info: tuple(["#e7f5ff", "#d0ebff", "#a5d8ff", "#74c0fc", "#4dabf7", "#339af0"], "#1c5aa8", "#143f75"),
    muted: tuple(["#f8f9fa", "#f1f3f5", "#dee2e6", "#ced4da", "#adb5bd", "#868e96"], "#495057", "#343a40"),
    warn: tuple(["#fff9db", "#fff3bf", "#ffec99", "#ffe066", "#ffd43b", "#fcc419"], "#7a4f00", "#5c3b00"),
    pin: tuple(["#fff4e6", "#ffe8cc", "#ffd8a8", "#ffc078", "#ffa94d", "#ff922b"], "#9c4300", "#6e3000"),
  },
  // A state badge in a table cell must not be squeezed to "PUBLISH…" at 1280 px.
  components: { Badge: { styles: { root: { flexShrink: 0, overflow: "visible" }, label: { overflow: "visible" } } } },
});

// Dimmed text and the primary colour's text on its tint, darker than Mantine's defaults in light mode (AA).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-indigo-light-color": "var(--mantine-color-indigo-9)",
    "--mantine-primary-color-light-color": "var(--mantine-color-indigo-9)",
    // a light button under the pointer keeps its text readable (indigo 9 on indigo 2 is under 4.5:1)
    "--mantine-color-indigo-light-hover": "var(--mantine-color-indigo-1)",
    "--mantine-primary-color-light-hover": "var(--mantine-color-indigo-1)",
    // a field's refusal under it, and its red border and text: red 9 reads at 5:1 on white
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-anchor": "var(--mantine-color-indigo-3)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
  },
});
