import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The editor is served under /app: by the local gateway, and by CloudFront on AWS. A second page,
 * api-docs.html, is the interactive API reference (/api/docs redirects to it): its own entry, so
 * no editor screen loads its renderer.
 */
export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  resolve: {
    // lang-markdown's HTML support would bundle the HTML, CSS and JavaScript grammars (see the stub).
    alias: {
      '@codemirror/lang-html': fileURLToPath(
        new URL('src/lib/codemirror-html-stub.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Swagger UI ships as one prebuilt bundle of some 1.5 MB (0.43 MB gzipped) that only the API
    // reference loads; the editor's screens are held to their budgets in screen-budgets.test.ts.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      input: { index: path.join(root, 'index.html'), 'api-docs': path.join(root, 'api-docs.html') },
    },
  },
  // changeOrigin: the local gateway answers only requests addressed to its own loopback name and port.
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8787', changeOrigin: true },
      '/auth': { target: 'http://127.0.0.1:8787', changeOrigin: true },
    },
  },
});
