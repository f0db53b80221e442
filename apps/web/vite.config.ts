import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { brandColoursCss } from '../../packages/shared/src/brand-colours.ts';

/** Where `npm run dev` finds the API; the API listens on PORT 3000 unless told otherwise. */
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';
const proxy = { '/api': apiOrigin, '/media': apiOrigin };
/**
 * Where `npm run build` writes (relative to apps/web, or absolute): the browser's files there, the server bundle
 * in its ssr/ folder. WEB_BUILD_DIR lets a benchmark build a copy of its own.
 */
const outDir = process.env.WEB_BUILD_DIR ?? 'dist';

/** The shop's colours as CSS custom properties, made from their one source (issue 37 §3, packages/shared). */
function brandColours(): Plugin {
  const id = 'virtual:brand-colours.css';
  return {
    name: 'brand-colours',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? brandColoursCss() : undefined),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server bundle (entry-server.tsx) needs no copy of the public files; the client build has them.
  publicDir: isSsrBuild ? false : 'public',
  // The browser's scripts, styles and drawings are written beside themselves brotli'd (quality 11) and gzipped
  // (level 9) once, at build time, and the server sends those (static-files.ts, `preCompressed`): the entry chunk
  // is 109 kB instead of the 128 kB the server's own brotli makes per request, and no request pays to compress a
  // file that never changes (decision 0081). The server bundle is not sent to browsers.
  plugins: [
    react(),
    brandColours(),
    ...(isSsrBuild ? [] : [compression({ include: /\.(js|css|svg)$/, threshold: 1024, logLevel: 'silent' })]),
  ],
  resolve: {
    // `@/lib/api-client` -> src/lib/api-client (the same alias is in tsconfig.json `paths`).
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // The server reads it to link a server-rendered page's own stylesheets and scripts (decision 0025).
    manifest: !isSsrBuild,
    outDir: isSsrBuild ? `${outDir}/ssr` : outDir,
    assetsDir: 'assets',
    // The client build empties the folder; the server build, second, adds to it.
    emptyOutDir: !isSsrBuild,
  },
  // The server bundle carries its packages (React, React Router, TanStack Query) inside it, so the built folder
  // runs wherever it is copied (WEB_DIST_DIR), without this repository's node_modules beside it.
  ssr: { noExternal: true },
  server: { proxy },
  preview: { proxy },
}));
