import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server forwards every server route so the console is same-origin in development, as it is when the
// server serves web/dist in production (no CORS, and the CSP can stay 'self').
const serverUrl = "http://localhost:4000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/graphql": { target: serverUrl, ws: true },
      "/healthz": serverUrl,
      "/readyz": serverUrl,
      "/v1": serverUrl,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Vite can inline small assets as data: URLs; keep every asset a file so a strict CSP needs no data: sources.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 700,
  },
});
