import "@mantine/core/styles.css";
import "@mantine/charts/styles.css";
import { ApolloProvider } from "@apollo/client/react";
import { MantineProvider } from "@mantine/core";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createApolloClient } from "./app/apollo";
import { router } from "./app/router";
import { cssVariablesResolver, theme } from "./app/theme";
import "./app/global.css";
import { SessionProvider } from "./features/sign-in/session-context";
import { Loading } from "./shared/states";

const container = document.getElementById("root");
if (container === null) throw new Error('index.html has no element with id "root" to render the console into.');

const client = createApolloClient();

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
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
