import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The editor is served under /app: by the local gateway, and by CloudFront on AWS. */
export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  resolve: {
    // lang-markdown's HTML support would bundle the HTML, CSS and JavaScript grammars (see the stub).
    alias: { '@codemirror/lang-html': fileURLToPath(new URL('src/lib/codemirror-html-stub.ts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // changeOrigin: the local gateway answers only requests addressed to its own loopback name and port.
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8787', changeOrigin: true },
      '/auth': { target: 'http://127.0.0.1:8787', changeOrigin: true },
    },
  },
});
