import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'home', 'search', 'car', 'booking', 'profile', 'drivers', 'captains', 'listing', 'host', 'teams', 'host-bookings', 'pages', 'chat', 'trip-care', 'admin', 'favourites'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/screenshots', 'e2e/results'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Features never import each other (src/test/boundaries.test.ts checks relative paths too).
  ...features.map((f) => ({
    files: [`src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', `!@/features/${f}`], message: 'Features must not import each other.' }, { group: ['@/app/*'], message: 'Features must not import the app.' }] }],
    },
  })),
  {
    files: ['src/components/**', 'src/lib/**', 'src/api/**', 'src/config/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared code must not depend on features or the app.' }] }] },
  },
  {
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    extends: [js.configs.recommended],
  },
);
