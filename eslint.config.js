// ESLint flat config. Enforces the boundaries of STYLE.md so they do not drift:
// - packages/shared imports nothing of the apps; apps never import each other;
// - web: lib (shared) → features → routes; no imports between features;
// - no `any`, no console in the API's services (use the request logger).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/web/src/routeTree.gen.ts',
      'apps/api/src/db/migrations/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off', 'react-hooks/refs': 'off' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: true, node: true },
      'boundaries/include': ['apps/**/*', 'packages/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'packages/shared/src/*', mode: 'file' },
        { type: 'web-lib', pattern: 'apps/web/src/lib/**/*', mode: 'file' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-routes', pattern: 'apps/web/src/routes/**/*', mode: 'file' },
        { type: 'web-app', pattern: 'apps/web/src/*', mode: 'file' },
        { type: 'api', pattern: 'apps/api/**/*', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'shared', allow: ['shared'] },
            { from: 'api', allow: ['api', 'shared'] },
            { from: 'web-lib', allow: ['web-lib', 'shared'] },
            { from: 'web-feature', allow: ['shared', 'web-lib', ['web-feature', { feature: '${from.feature}' }]] },
            { from: 'web-routes', allow: ['shared', 'web-lib', 'web-feature', 'web-routes', 'web-app'] },
            { from: 'web-app', allow: ['shared', 'web-lib', 'web-feature', 'web-routes', 'web-app'] },
          ],
        },
      ],
    },
  },
  {
    // Mantine's NumberInput (react-number-format) reads a typed '.' as the decimal point:
    // '1.250,00' typed became R$ 1,25 (issue #15). Number fields use lib/ui/decimal-input.tsx.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['NumberInput'],
              message: 'Use DecimalInput, MoneyInput or QuantityInput of lib/ui/decimal-input.tsx (pt-BR typing, issue #15).',
            },
          ],
        },
      ],
    },
  },
  {
    // Module augmentation merges interfaces.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'apps/api/test/**',
      'e2e/**',
      'scripts/**',
      'bench/**',
      'apps/api/src/db/seed/run-seed.ts',
      'apps/api/src/server.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
