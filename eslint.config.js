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
);
