// `npm run lint` (with Knip): typescript-eslint with type information, React's hooks rules, and the project's own
// rules about where code may reach (see docs/architecture.md, "Layers").
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', '.tmp/', '.data/', 'node_modules/', 'coverage/', '.wrangler/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'eslint.config.js',
            'src/build/renderWorker.mjs',
            'src/build/bundleProcess.mjs',
            'src/build/compiled.mjs',
            'src/build/runCached.mjs',
            'scripts/build.mjs',
            'scripts/check-data.mjs',
            'scripts/lib/reactFloor.mjs',
            'scripts/lib/supportedNode.mjs',
          ],
          // The files above, which no tsconfig includes (typescript-eslint's default is 8).
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 9,
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // No module imports itself back through others, type imports included: the layers below stay a tree a reader can
      // follow (docs/architecture.md, "Layers").
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // `_name` marks what is left out on purpose (a destructured field dropped from a copy).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Async methods here implement Promise-returning interfaces (the quote store, the mailer); some need no await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // One import style: no extensions in the site's code (Vite, tsx and TypeScript resolve them); the Deno function's
    // files need theirs, as Deno resolves nothing (below).
    files: ['src/**/*.{ts,tsx}', 'pages/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'ImportDeclaration[source.value=/^\\..*\\.tsx?$/]', message: 'Import without the extension.' }] },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/^\\.(?!.*\\.(ts|json)$)/]', message: 'Deno resolves nothing: import with the .ts extension.' },
      ],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringContaining) are typed `any`.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  // The layers: data → catalogue → pages → files. What src/ needs lives in src/ (it imports no script, server, test or
  // Vike file); components sit below the pages and get their data as props (src/components/data.ts); views and
  // components never load the catalogue, so a page's fingerprint (its props) covers everything it shows.
  ...[
    { files: ['src/**/*.{ts,tsx}'], below: [] },
    { files: ['src/pages/*Page.tsx'], below: [], noCatalogue: true },
    { files: ['src/components/**/*.{ts,tsx}'], below: ['../pages/*'], noCatalogue: true },
  ].map(({ files, below, noCatalogue }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/tests/**', '**/scripts/**', '**/server/**', '**/renderer/**', '**/pages/+*', '**/pages/*/+*'],
              message: 'src/ is the bottom layer: move what it needs into src/.',
            },
            ...(below.length ? [{ group: below, message: 'Components sit below the pages: pass the data as props.' }] : []),
          ],
          paths: noCatalogue
            ? [{ name: '../catalog/index', importNames: ['getCatalogue', 'loadCatalogue'], message: 'A view shows its props only (src/pages/props.ts).' }]
            : [],
        },
      ],
    },
  })),
  {
    files: ['scripts/**/*.ts', 'server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/tests/**'], message: 'scripts/ and server/ import src/, server/ and scripts/lib, never tests/.' }] },
      ],
    },
  },
  // Scripts and tests reach a server on this machine through scripts/lib/localFetch.ts, never on a pooled connection.
  {
    files: ['scripts/**/*.{ts,mjs}', 'tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use localFetch (scripts/lib/localFetch.ts): a pooled keep-alive connection can be closed as it is reused.' },
      ],
    },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/server/**', '**/scripts/**'], message: 'The function is deployed alone: it imports only supabase/functions/.' },
          ],
        },
      ],
    },
  },
)
