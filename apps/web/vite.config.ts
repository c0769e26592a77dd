import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstPageChunk } from "./build/first-page-chunk.ts";
import { precompress } from "./build/precompress.ts";

const apiTarget = process.env.HAGGLE_API_URL ?? "http://localhost:3000";

// `vite build` makes the browser's app (dist); `vite build --ssr src/entry-server.tsx` the
// module the server renders pages with (dist-ssr, never served; see docs/decisions/0014).
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
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
  // The SSR module carries its packages (React's production build among them), so the server
  // runs it as it is, whatever NODE_ENV its process has.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { "process.env.NODE_ENV": JSON.stringify("production") } }
    : {}),
  build: isSsrBuild
    ? { outDir: "dist-ssr", emptyOutDir: true, sourcemap: false, target: "node20", copyPublicDir: false }
    : {
        outDir: "dist",
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        // What the entry imports in one chunk (build/first-page-chunk.ts).
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: firstPageChunk(`${import.meta.dirname}/src/main.tsx`) }] } },
        },
      },
}));
