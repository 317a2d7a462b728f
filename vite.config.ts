import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
// The browser's Host passes through: the back end answers its local names only (bin/dev.ts adds
// this server's port to them), and sends an OAuth round trip back to the origin the browser is on.
const toApi = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  root: 'web',
  plugins: [react()],
  // The web app's one way into shared code (the same alias is in tsconfig.json "paths").
  resolve: { alias: { '@functions': fileURLToPath(new URL('./functions', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      // The app (index.html is its shell) and the pre-rendered public pages' own small script
      // (local/server/web-build.ts writes those pages around it).
      input: {
        index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        'public-page': fileURLToPath(new URL('./web/src/public-pages/public-page.ts', import.meta.url)),
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': toApi,
      '/_local': toApi,
      '/_cognito': toApi,
      '/config.json': toApi,
    },
  },
});
