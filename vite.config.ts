import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The docs preview (Scalar) turns its AI agent chat on by itself on local hosts, and the chat
 * fetches Scalar's online registry. The preview is offline: the chat is replaced by an empty
 * component (issue 11).
 */
function scalarWithoutAgent(): Plugin {
  const stub = '\0scalar-agent-chat-disabled';
  return {
    name: 'scalar-without-agent',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './AgentChat.vue.js' &&
        importer?.replace(/\\/g, '/').includes('@scalar/api-reference/dist/components/')
      ) {
        return stub;
      }
      return null;
    },
    load(id) {
      return id === stub
        ? 'export default { name: "AgentChatDisabled", render: () => null };'
        : null;
    },
    // Its "Ask AI" button would open that empty chat as an overlay nobody can close (issue 20.3):
    // the agent is on only when the configuration names one, never because the host is local.
    transform(code, id) {
      if (
        !id
          .replace(/\\/g, '/')
          .endsWith('@scalar/api-reference/dist/components/ApiReference.vue2.js')
      ) {
        return null;
      }
      const localHost = /if \(isLocalUrl\(window\.location\.href\)\) \{\s*return true;\s*\}/;
      if (!localHost.test(code)) {
        this.error(
          'Scalar changed: find how it turns "Ask AI" on for local hosts (vite.config.ts)',
        );
      }
      return { code: code.replace(localHost, ''), map: null };
    },
  };
}

/**
 * Scalar resolves a response's `$ref`s deeply as a tree (operation-code-sample's
 * `getResolvedRefDeep`): on schemas that refer to one another that tree has a branch per path,
 * and Stripe's `/v1/account` held the preview frame for minutes. Its imports are pointed at a
 * bounded copy (preview-frame/resolved-ref-deep.ts).
 */
function scalarBoundedRefs(): Plugin {
  const bounded = fileURLToPath(
    new URL('./src/app/generator/document/preview-frame/resolved-ref-deep.ts', import.meta.url),
  );
  return {
    name: 'scalar-bounded-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source.endsWith('/get-resolved-ref-deep.js') &&
        importer?.replace(/\\/g, '/').includes('@scalar/api-client/dist/')
      ) {
        return bounded;
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    scalarWithoutAgent(),
    scalarBoundedRefs(),
  ],
  resolve: {
    alias: [
      // monaco-editor 0.57 no longer exports the deep paths monaco-yaml's worker imports
      // (`monaco-editor/esm/vs/editor/editor.worker.js`); point them at the files themselves.
      {
        find: /^monaco-editor\/esm\/vs\/(.+?)(\.js)?$/,
        replacement: fileURLToPath(
          new URL('./node_modules/monaco-editor/esm/vs/$1.js', import.meta.url),
        ),
      },
    ],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 4096,
    // A dynamic import preloads only its CSS. Vite's helper adds a modulepreload link per
    // JavaScript chunk at once, and a chunk found in the cache is compiled in the task that adds
    // the link: Monaco's 2.4 MB were one task of 170 ms CPU on a reload. Imported natively, each
    // chunk is compiled as it arrives, in a task of its own.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((d) => d.endsWith('.css')) },
    // The docs preview runs in a sandboxed frame with a page of its own (DocsPreview.tsx).
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'preview-frame': fileURLToPath(new URL('./preview-frame.html', import.meta.url)),
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one file at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/shared/**/*.test.ts',
            'tests/worker/**/*.test.ts',
            'tests/server/**/*.test.ts',
          ],
          setupFiles: ['tests/fast-check-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/fast-check-setup.ts', 'tests/app/setup.ts'],
          // Property tests of the page's model run hundreds of cases: 5 s is tight beside a
          // second worker on two cores.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
