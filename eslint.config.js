// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The one-way doors of docs/architecture.md, enforced rather than hoped for. */
const door = (/** @type {string[]} */ forbidden, /** @type {string} */ message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((group) => ({ group: [group], message })) },
  ],
});

/**
 * src/app's floors, lowest first (src/app/README.md): a folder imports its own floor and the
 * floors below it, never one above. Root files (App.tsx, routes.tsx, main.tsx) are the top.
 */
const APP_FLOORS = [
  ['util', 'i18n'],
  ['session'],
  ['core'],
  ['api'],
  ['model'],
  ['workspace', 'jobs'],
  ['document-editor'],
  ['editor'],
  ['components'],
  ['projects'],
  ['generator'],
  ['pages'],
];

/** One block per floor: the app's doors, and the floors above it (and the root files) shut. */
const appFloors = APP_FLOORS.map((folders, level) => {
  const above = [...APP_FLOORS.slice(level + 1).flat(), 'App', 'routes', 'main'];
  return {
    files: folders.map((folder) => `src/app/${folder}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'src/app never imports the server.' },
            {
              regex: `^(\\.\\./)+(${above.join('|')})(/|\\.|$)`,
              message: `src/app's floors (src/app/README.md): ${folders.join(', ')} may not import ${above.join(', ')}, which sit above it.`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'coverage', 'node_modules', 'locales', '.e2e-data', 'screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'tests/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: door(
      ['**/app/**', '**/worker/**', '**/server/**', 'react', 'react-dom', 'node:*', 'fastify'],
      'src/shared is pure: it imports nothing of ours and no DOM, React or Node API.',
    ),
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: door(['**/app/**', '**/server/**'], 'src/worker may import only src/shared.'),
  },
  {
    files: ['src/shared/openapi/**/*.ts'],
    rules: door(
      [
        '**/app/**',
        '**/worker/**',
        '**/server/**',
        '**/account/**',
        '**/projects',
        'react',
        'react-dom',
        'node:*',
        'fastify',
      ],
      'src/shared/openapi is the OpenAPI core: pure, and apart from accounts and projects.',
    ),
  },
  {
    files: ['src/shared/*.ts', 'src/shared/account/**/*.ts'],
    rules: door(
      [
        '**/openapi/**',
        '**/openapi',
        '**/app/**',
        '**/worker/**',
        '**/server/**',
        'react',
        'react-dom',
        'node:*',
        'fastify',
      ],
      'Accounts, projects and sizes are shared with the server, which does not read the OpenAPI core.',
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: door(
      ['**/app/**', '**/worker/**', '**/shared/openapi/**', '**/shared/openapi'],
      'src/server may import only src/shared, and not its OpenAPI core (src/shared/openapi).',
    ),
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: {
      ...door(['**/server/**'], 'src/app never imports the server.'),
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/**', '!**/worker/index'],
              message: 'src/app imports only the type of the worker API (src/worker/index).',
            },
            {
              group: ['**/worker/index'],
              allowTypeImports: true,
              message:
                'src/app imports only the type of the worker API; use new Worker(new URL(...)).',
            },
          ],
        },
      ],
    },
  },
  ...appFloors,
);
