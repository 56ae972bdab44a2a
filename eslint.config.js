// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '.trawl/**',
      'demo/podcast/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // Type-aware rules: each file is checked in the TypeScript project that holds it.
    languageOptions: {
      parserOptions: {
        projectService: {
          // Files no tsconfig.json near them includes: the test setup (tsconfig.site.json
          // checks it) and the core's globals (tsconfig.core.json checks them).
          allowDefaultProject: ['src/test/*.ts', 'types/*.d.ts'],
          defaultProject: 'tsconfig.site.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Folder boundaries and import cycles: scripts/check-imports.ts, run by `npm run lint`.
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    // The shared core runs in Node and in the browser: no Node APIs, no DOM.
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/core is shared with the browser: no Node APIs' },
            {
              group: [
                'fs',
                'path',
                'os',
                'zlib',
                'crypto',
                'http',
                'url',
                'stream',
                'child_process',
              ],
              message: 'src/core is shared with the browser: no Node APIs',
            },
            {
              group: [
                'react',
                'react-dom',
                'react-*',
                'dompurify',
                'better-sqlite3',
                'sql.js-httpvfs',
                '@sqlite.org/sqlite-wasm',
              ],
              message: 'src/core holds pure modules only',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'location',
          'localStorage',
          'process',
          'Buffer',
          '__dirname',
          'require',
        ].map((name) => ({
          name,
          message: 'src/core is shared: no DOM or Node globals',
        })),
      ],
    },
  },
  {
    files: ['src/site/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'the site runs in the browser' },
            {
              group: ['better-sqlite3', 'jsdom', 'citty', 'fast-xml-parser'],
              message: 'build-time packages stay in the builder',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the data module talks to the database worker.
    files: ['src/site/**/*.{ts,tsx}'],
    ignores: ['src/site/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'the site runs in the browser' },
            {
              group: ['better-sqlite3', 'jsdom', 'citty', 'fast-xml-parser'],
              message: 'build-time packages stay in the builder',
            },
            {
              group: ['@sqlite.org/sqlite-wasm', 'sql.js-httpvfs', 'sql.js-httpvfs/*'],
              message: 'only src/site/data owns the database worker',
            },
          ],
        },
      ],
    },
  },
);
