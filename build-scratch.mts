import { build } from 'vite';
import path from 'node:path';
process.env.NODE_ENV = 'production';
const root = process.cwd();
await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'silent', build: { outDir: process.argv[2], emptyOutDir: true, manifest: true, sourcemap: false, minify: true } });
