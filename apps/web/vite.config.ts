import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` finds the API; the API listens on PORT 3000 unless told otherwise. */
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';
const proxy = { '/api': apiOrigin, '/media': apiOrigin };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // `@/lib/api-client` -> src/lib/api-client (the same alias is in tsconfig.json `paths`).
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  server: { proxy },
  preview: { proxy },
});
