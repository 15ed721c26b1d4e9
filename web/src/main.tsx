import "@mantine/core/styles.css";
import { ApolloProvider } from "@apollo/client/react";
import { MantineProvider, createTheme, type CSSVariablesResolver } from "@mantine/core";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createApolloClient } from "./app/apollo";
import { router } from "./app/router";
import { SessionProvider } from "./features/session/session-context";
import { Loading } from "./shared/states";

const container = document.getElementById("root");
if (container === null) throw new Error('index.html has no element with id "root" to render the console into.');

// Shades chosen for WCAG AA contrast (axe runs on every page in the journeys): darker primary and dimmed text.
const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: "sm",
  // A state badge in a table cell must not be squeezed to "PUBLISH…" at 1280 px.
  components: { Badge: { styles: { root: { flexShrink: 0, overflow: "visible" }, label: { overflow: "visible" } } } },
});
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // light buttons and badges in the primary colour: indigo-6 text on its tint is under 4.5:1
    "--mantine-color-indigo-light-color": "var(--mantine-color-indigo-9)",
    "--mantine-primary-color-light-color": "var(--mantine-color-indigo-9)",
  },
  dark: {},
});
const client = createApolloClient();

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ApolloProvider client={client}>
        <SessionProvider>
          <Suspense fallback={<Loading />}>
            <RouterProvider router={router} />
          </Suspense>
        </SessionProvider>
      </ApolloProvider>
    </MantineProvider>
  </StrictMode>,
);
