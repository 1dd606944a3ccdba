// @ts-check
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './scripts/lint/layers.js';

export default tseslint.config(
  // Generated files are checked by the compiler, not the linter.
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.tmp',
      '**/*.gen.ts',
      'test-results',
      'playwright-report',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, layers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports point one way; see scripts/lint/layers.js for the folders and why.
      'layers/direction': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins, hooks and handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's redirect() and notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  { files: ['eslint.config.js', 'scripts/lint/*.js'], ...tseslint.configs.disableTypeChecked },
);
