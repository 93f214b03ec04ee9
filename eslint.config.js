/**
 * Lint (`npm run lint`, zero warnings): typescript-eslint's recommended rules everywhere, React's
 * hooks rules in the web app, and the size of one idea: no source file over 400 lines and no
 * function over 80 (tests, benchmarks and message catalogues aside), no line over 140 characters
 * (message catalogues and test fixtures aside). The structure rules (one-way
 * dependencies, no cycles, no feature importing another) are dependency-cruiser's, in
 * `.dependency-cruiser.cjs`.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One import style in the web app: a relative path within a folder, `#web/…` for anything outside it
 * (another room, lib/, ui/, app/), so an import reads the same from every file and survives a move.
 * Any `..` segment climbs out (`../lib/…`, `./../../ui/…`).
 */
const webImports = { regex: '(^|/)\\.\\.(/|$)', message: 'Import what lies outside this folder through #web/… (e.g. #web/lib/api.ts).' };
/**
 * No line over 140 characters, Prettier's width: what Prettier cannot wrap (long strings, template literals,
 * comments) is wrapped by hand. A line holding a URL may run over, and so may a line of JSX prose that ends in
 * `{' '}`: Prettier's fill puts that space past the width and puts it back if moved.
 */
const maxLen = ['error', { code: 140, tabWidth: 2, ignoreUrls: true, ignorePattern: "\\{' '\\}$" }];
/**
 * A feature (a room of web/src/features/) reaches its own files by a relative path only: `#web/features/…`
 * inside a feature is either its own room by the other style or another room (which dependency-cruiser
 * refuses too).
 */
const featureImports = {
  regex: '^#web/features/',
  message: 'Within a feature, import its own files by a relative path (./…); another feature, not at all.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.data/**', '.cache/**', 'cdk.out/**', 'web/dist*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      // No import climbs more than two levels: across folders, the subpath imports of package.json.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../**'], message: 'Import through a subpath alias (#shared/…, #lambdas/…, #infra/…, #web/…, #test/…).' },
          ],
        },
      ],
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
      'max-len': maxLen,
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks; the React Compiler's extra rules (v7's recommended set) are not used: the app
    // is not compiled with it.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [webImports] }],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webImports, featureImports] }] },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'max-lines': 'off',
      'max-lines-per-function': 'off',
    },
  },
  {
    // Message catalogues: one text per line, long by nature.
    files: ['shared/messages/**/*.ts', 'web/src/lib/admin/admin-texts.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // The shop's Portuguese texts (message catalogues, `*-texts.ts` modules) and test fixture data keep
    // a text on one line.
    files: ['shared/messages/**/*.ts', '**/*-texts.ts', 'test/**/fixtures/**', 'test/**/*.fixtures.ts'],
    rules: { 'max-len': 'off' },
  },
);
