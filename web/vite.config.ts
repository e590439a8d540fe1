import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server forwards API and upload requests to the Fastify server. changeOrigin stays false
// so the Origin/Host pair the server checks for CSRF (docs/decisions/0012-access-control.md) is the browser's own.
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/uploads': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunk graph that the bundle budget test (e2e/bundle-budget.test.ts) reads.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: a separate chunk stays cached across deploys.
        // Screens are split by the router's lazy routes, not here.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
