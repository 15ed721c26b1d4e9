import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./app.css";

const container = document.getElementById("root");
if (container === null) throw new Error('index.html has no element with id "root" to render the console into.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
