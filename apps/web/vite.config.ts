import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress.ts";

const apiTarget = process.env.HAGGLE_API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { "@": `${import.meta.dirname}/src` } },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/functions": { target: apiTarget, changeOrigin: false },
      "/images": { target: apiTarget, changeOrigin: false },
      "/healthz": { target: apiTarget, changeOrigin: false },
    },
  },
  // The manifest maps sources to built chunks: the e2e budget test reads it.
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, manifest: true },
});
