// ESLint runs after oxlint (npm run lint) and only for what oxlint lacks: typescript-eslint's
// type-aware promise rules (oxlint's own need the separate tsgolint binary and its TypeScript).
// The hooks rules, React Compiler ones included, are oxlint's (.oxlintrc.json): it has all of
// eslint-plugin-react-hooks 7. eslint-plugin-oxlint (last) turns off what oxlint already checks.
import oxlint from 'eslint-plugin-oxlint';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'schemas/generated/',
      'blocks/generated/',
      'renderer/routes/route-views.ts',
      'test-results/',
      'playwright-report/',
      'e2e/__screenshots__/',
      'e2e/.data/',
      'bench/.tmp/',
      'bench/profiles/',
      'server/db/migrations/',
      // Plain JS (these config and CI scripts) is oxlint's alone: the type-aware rules need the TS project.
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    // The disable comments left are for oxlint's rules, which ESLint has turned off (oxlint reports its own unused ones).
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React ignores what an event handler returns: an async onClick/onSubmit is fine (each catches its own failure).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  ...oxlint.buildFromOxlintConfigFile('./.oxlintrc.json'),
);
