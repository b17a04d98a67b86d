import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserRouteTable } from './build/browser-route-table';
import { buildSettings } from './build/build-settings';
import { precompileMessages } from './build/precompile-messages';

// Paths are absolute so the config behaves the same whether it is loaded by `vite build`
// from the repo root, by the local gateway (Vite middleware mode) or by vitest's 'web' project.
const webDir = fileURLToPath(new URL('.', import.meta.url));
const sharedDir = fileURLToPath(new URL('../shared', import.meta.url));

export default defineConfig(({ command }) => ({
  // Under vitest the project keeps the repo root so vitest.config.ts's include/setupFiles
  // paths ('web/src/...') stay valid; everywhere else index.html lives in web/.
  root: process.env.VITEST ? undefined : webDir,
  plugins: [react(), precompileMessages(), buildSettings(), browserRouteTable()],
  resolve: {
    // `import { routePath } from 'shared/routes'`: one spelling for web code, mirrored in tsconfig paths.
    alias: [
      { find: /^shared\//, replacement: `${sharedDir}/` },
      // Messages are pre-parsed at build time (build/precompile-messages.ts): ship the parser-less entry.
      ...(command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : []),
    ],
  },
  server: {
    // The dev server serves (through /@fs/) only what the app loads: web/, shared/ and the
    // dependencies. Never the rest of the repository (backend code, test keys, .env files), and
    // never a key file under node_modules, e.g. cognito-local's token signing key: with it a
    // page could forge sessions of the local stack. `deny` replaces Vite's defaults: they come first.
    fs: {
      allow: [webDir, sharedDir, fileURLToPath(new URL('../node_modules', import.meta.url))],
      deny: ['.env', '.env.*', '*.{crt,pem,key,p12,pfx,jks}', '**/.git/**', '**/cognito-local/lib/keys/**', '*.private.json', '**/.cognito/**'],
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The manifest lets web/scripts/report-size.ts find what the first route loads.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
}));
