import { useMediaQuery } from "@mantine/hooks";

/**
 * A page header's `wrap`: on one line from a tablet up (the title beside its actions), and on a phone (below
 * Mantine's "sm", 48em) each part on its own lines instead of squeezing the title to a letter a line.
 */
export const useHeaderWrap = (): "wrap" | "nowrap" => (useMediaQuery("(max-width: 48em)") ? "wrap" : "nowrap");
