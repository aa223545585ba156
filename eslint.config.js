import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layer boundaries (STYLE.md), checked on every import, re-export and dynamic import:
 * - src/shared imports neither the server nor the client;
 * - a client feature (src/client/features/<x>) imports no other feature: what two features share
 *   lives in src/client/components or src/client/lib;
 * - src/client/components and src/client/lib import no feature;
 * - the client takes only `import type` from the server (see the client block below).
 * Features are read from the folder, so a new feature is covered the day it is created.
 */
const featuresDir = 'src/client/features';
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/client'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
  ...features.map((feature) => ({
    target: `./${featuresDir}/${feature}`,
    from: `./${featuresDir}`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: move the shared piece to src/client/components or src/client/lib.',
  })),
  {
    target: ['./src/client/components', './src/client/lib'],
    from: `./${featuresDir}`,
    message: 'components/ and lib/ sit below the features and import none of them.',
  },
  {
    target: [`./${featuresDir}`, './src/client/components', './src/client/lib'],
    from: './src/client/shell',
    message: 'The shell (header, site layout) composes the features; only routes import it.',
  },
];

const serverFromClient = {
  regex: '(^|/)server/',
  allowTypeImports: true,
  message: 'The client takes only `import type` from the server (the code would ship to the browser).',
};

/**
 * The client's data access (docs/client.md): only api modules (a feature's `api.ts`, or a file in an
 * `api/` folder such as `lib/api/`) take the tRPC proxy, client or cache from lib/trpc.ts; everything
 * else imports their named queries and hooks. The module's error helpers stay open to all.
 */
const trpcOutsideApi = {
  regex: '(^|/)trpc(\\.ts)?$',
  importNames: ['trpc', 'trpcClient', 'queryClient', 'createQueryClient'],
  message:
    "Data access goes through an api module: the feature's api.ts (or api/<part>.ts), or lib/api/<area>.ts for components, lib and the shell (docs/client.md).",
};

/** Node built-ins, by their `node:` name and their bare name. */
const nodeBuiltins = {
  regex: '^(node:.*|fs|path|os|crypto|child_process|http|https|net|stream|url|util|worker_threads)(/.*)?$',
  message: 'Node built-ins do not exist in the browser.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/client/routeTree.gen.ts',
      'src/server/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.work/**',
      // The app's data folders (DATA_DIR's default, the tests' own), as in .prettierignore.
      '.data/**',
      '.test-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Type-aware lint: each file gets the program of the tsconfig that includes it (tsconfig.json
        // references tsconfig.client/server/tests.json).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A }` still loads the module at run time: a type-only import says `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          // TanStack Router's redirect() and notFound() are thrown by design.
          allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverFromClient, nodeBuiltins] }],
      // A dynamic import is always a value import.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)server\\//]',
          message: serverFromClient.message,
        },
      ],
      // The client program still sees Node's declarations through the server types it imports:
      // the globals are refused here instead.
      'no-restricted-globals': ['error', 'process', 'Buffer', '__dirname', '__filename', 'global'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      'src/client/**/api.ts',
      'src/client/**/api/*.{ts,tsx}',
      'src/client/lib/trpc.ts',
      // The app's wiring: the cache and the proxy go into the router's context and the provider, in the
      // browser and in the server's render of the first screen.
      'src/client/main.tsx',
      'src/client/router.tsx',
      'src/client/first-screen/server-entry.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [serverFromClient, nodeBuiltins, trpcOutsideApi] },
      ],
    },
  },
  {
    files: ['src/server/**', 'demo/**', 'scripts/**', 'tests/**', 'bench/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The data layer's rule (README, "Architecture"): no SQL text handed to the EntityManager or its
    // connection (`em.execute('…')`); typed Kysely (`db(em)`) or the entity API instead. Kysely's own
    // `.execute()` takes no text, a `sql` template runs through `.execute(db)`, and the ORM query
    // builder's `.execute('get')` names a result mode.
    files: ['src/server/**/*.ts'],
    ignores: [
      // Raw prepared SQL, for the statements the bench shows need it.
      'src/server/repositories/sql.ts',
      // Schema changes and seed data are SQL by nature.
      'src/server/migrations/**',
      'src/server/seeders/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='execute'][callee.object.type!='TaggedTemplateExpression'][arguments.0.type=/^(TemplateLiteral|Identifier|BinaryExpression|CallExpression|ConditionalExpression)$/]",
          message:
            'No SQL text on the EntityManager: use db(em) (Kysely) or the entity API (README, data layer).',
        },
        {
          selector:
            "CallExpression[callee.property.name='execute'][arguments.0.type='Literal']:not([arguments.0.value=/^(get|all|run)$/])",
          message:
            'No SQL text on the EntityManager: use db(em) (Kysely) or the entity API (README, data layer).',
        },
      ],
    },
  },
  {
    // Tests read HTTP bodies (`await res.json()` is `any`) and assert on them field by field: the
    // assertions are the check there. Everything else in recommendedTypeChecked stays on.
    files: ['tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Config files in plain JavaScript belong to no tsconfig: lint them without types.
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
);
