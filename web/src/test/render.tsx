import { MantineProvider, Popover, createTheme } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";

// No open/close animations in tests: a dropdown is there as soon as it is opened.
const theme = createTheme({
  components: { Popover: Popover.extend({ defaultProps: { transitionProps: { duration: 0 } } }) },
});

export function renderWithMantine(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}
