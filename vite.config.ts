import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
// The browser's Host passes through: the back end answers its local names only (bin/dev.ts adds
// this server's port to them), and sends an OAuth round trip back to the origin the browser is on.
const toApi = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
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
