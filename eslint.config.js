import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Run in CI (`npm run lint`): typescript-eslint's recommended rules everywhere, React's hook rules in the editor. */
export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'cdk.out/', '.data/', 'test/fixtures/', 'cli/bin.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a value that is deliberately unused (a rest sibling, a callback's position).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Domain operations take one options object with named fields, never a positional list of
    // strings that can be swapped (docs/architecture.md, "Conventions"). The text algorithms
    // (frontmatter and TOML rendering, three-way merges, diffs, field checks) are left out: their
    // recursive helpers take a node, a position and a path, not identities.
    files: [
      'shared/{content,pulls,media,repos,auth,schedules,webhooks,freshness,activity,history}/**/*.ts',
    ],
    ignores: [
      'shared/content/{frontmatter,frontmatter-*,toml-*,diff3,line-diff,value-merge,three-way-merge,field-check}.ts',
    ],
    rules: { 'max-params': ['error', 3] },
  },
  {
    // Tests read JSON answers of any shape.
    files: ['test/**/*.{ts,tsx}', 'packages/*/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'test/unit/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks and the plugin's React Compiler rules (refs, set-state-in-effect, purity,
    // immutability, …); its warnings are errors here, so that `npm run lint` stays clean.
    rules: {
      ...Object.fromEntries(
        Object.keys(reactHooks.configs['recommended-latest'].rules).map((rule) => [rule, 'error']),
      ),
    },
  },
);
