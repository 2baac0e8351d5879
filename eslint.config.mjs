// One lint configuration for the workspace: TypeScript, React hooks, and Node for scripts.
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The router's exports the console shares (shared/build/react-router.mjs): the only ones an
// app may import, since the federation singleton is that list, not the whole package.
const routerExports = [...readFileSync(new URL('./shared/build/react-router.mjs', import.meta.url), 'utf8').matchAll(/export \{([^}]*)\}/g)].flatMap((m) =>
  m[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

// A remote never imports the host, another remote, or a subpath of the kernel.
const remotePatterns = [
  { group: ['host', 'host/*', '**/host/src/**'], message: 'A remote never imports the host: use the shared kernel.' },
  { group: ['remote-*', '**/remote-*/**'], message: 'A remote never imports another remote: mount its exposed parts at run time.' },
  {
    group: ['shared/*', '!shared/theme.css', '!shared/build/*'],
    message: "Import the kernel as 'shared': only that name is the host's singleton; a subpath would bundle a second copy.",
  },
];

// What only the host calls (shared/host): kernel 4 still exports these from 'shared' (its pinned
// surface), but a remote or the kit's screens never use them; kernel 5 drops them from 'shared'.
const HOST_ONLY = [...readFileSync(new URL('./shared/src/host.ts', import.meta.url), 'utf8').matchAll(/export \{([^}]*)\}/g)].flatMap((m) =>
  m[1]
    .split(',')
    .map((name) => name.trim().replace(/^type\s+/, ''))
    .filter(Boolean),
);
const hostOnlyPath = { name: 'shared', importNames: HOST_ONLY, message: 'Only the host calls this (shared/host): a remote or the kit never does.' };

// The one folder of parts several features of a remote share (STYLE.md): identity's editors of
// roles, projects and product licences; workflows' sortable lists and project picker.
const SHARED_PARTS = { identity: 'access', licensing: undefined, 'projects-sites': undefined, workflows: 'parts' };

// Rules of syntax every file keeps; a block that adds its own no-restricted-syntax repeats them
// (a later block's options replace an earlier one's).
const syntaxEverywhere = [
  { selector: 'Identifier[name=/[Ll]icence/]', message: "Spell it 'license' in identifiers, as the contract does." },
  { selector: 'JSXIdentifier[name=/[Ll]icence/]', message: "Spell it 'license' in identifiers, as the contract does." },
  // An editor keyed on a query starts again when it refetches: a refetch nobody waits for
  // can land after the success toast and wipe an edit begun on it.
  {
    selector: "UnaryExpression[operator='void'] > CallExpression[callee.property.name='invalidateQueries']",
    message: "Put the key in useNotifyingMutation's invalidates (awaited before the toast), or await it.",
  },
];

// A valibot object schema: what a reply's shape is written with.
const objectSchema = "CallExpression[callee.object.name='v'][callee.property.name=/^(object|looseObject|strictObject|objectWithRest)$/]";
// The small field schemas are written once, in contracts/src/common/fields.ts.
const fieldSchemaAgain = {
  selector: "VariableDeclarator[id.name=/^(int|IsoDate)$/][init.callee.object.name='v']",
  message: 'Import int and the other field schemas from contracts/common/fields: they are written once.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-monolith/**',
      '.release-build-*/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.tools/**',
      'bench/report.*',
      '**/.generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['host/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}', 'kit/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules },
  },
  {
    files: ['host/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}', 'kit/src/**/*.{ts,tsx}'],
    // Tests run on the package itself, not the shared list.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              allowImportNames: routerExports,
              allowTypeImports: true,
              message: 'The console shares only the router exports listed in shared/build/react-router.mjs: add it there (a kernel minor version).',
            },
          ],
          patterns: [
            {
              group: ['react-router-dom', 'react-router/*'],
              message: "Import 'react-router': the shared router (shared/build/react-router.mjs); another entry would bundle a second router.",
            },
          ],
        },
      ],
    },
  },
  // Boundaries (ARCHITECTURE.md): a remote never imports the host or another remote; the API
  // imports only React-free code; the e2e suite imports no source, it drives the product.
  ...Object.entries(SHARED_PARTS).flatMap(([id, shared]) => [
    {
      files: [`remote-${id}/src/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { paths: [hostOnlyPath], patterns: remotePatterns }] },
    },
    {
      // Inside a remote (STYLE.md), a feature imports another feature's x.routes.ts, x.api.ts
      // and x.parts.ts (the components it lends another feature's screen) only; parts several
      // features share live in the remote's one folder for them (SHARED_PARTS).
      files: [`remote-${id}/src/features/*/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [hostOnlyPath],
            patterns: [
              ...remotePatterns,
              {
                regex: String.raw`^\.\./${shared ? `(?!${shared}/)` : ''}[^./][^/]*/(?![^/]*\.(?:routes|api|parts)$)`,
                message:
                  `Import another feature through its x.routes.ts, x.api.ts or x.parts.ts ` +
                  `only${shared ? `; a part several features share belongs in features/${shared}/` : ''}.`,
              },
            ],
          },
        ],
      },
    },
  ]),
  {
    // The kit builds on the kernel and the contracts; never on the host or a remote, and the
    // kernel never on the kit (the kernel is the host's singleton, the kit each app's own copy).
    files: ['kit/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [hostOnlyPath],
          patterns: [
            {
              group: ['host', 'host/*', '**/host/src/**', 'remote-*', '**/remote-*/**'],
              message: 'The kit is every app’s: it imports neither the host nor a remote.',
            },
            {
              group: ['shared/*', '!shared/theme.css', '!shared/build/*', '**/shared/src/**'],
              message: "Import the kernel as 'shared': only that name is the host's singleton.",
            },
          ],
        },
      ],
    },
  },
  {
    // The kit's test helpers set up what the host does in the browser (the API client, the mounts).
    files: ['kit/src/testing.tsx', 'kit/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['host', 'host/*', '!shared/host', '**/host/src/**', 'remote-*', '**/remote-*/**'],
              message: 'The kit is every app’s: it imports neither the host nor a remote.',
            },
            {
              group: ['shared/*', '!shared/host', '!shared/theme.css', '!shared/build/*', '**/shared/src/**'],
              message: "Import the kernel as 'shared' (or shared/host, the host's part).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['kit', 'kit/*', '**/kit/src/**'], message: 'The kernel never imports the kit: the kit is each app’s own copy, the kernel one for all.' },
          ],
        },
      ],
    },
  },
  {
    files: ['host/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // The host's part of the kernel comes from shared/host, never from 'shared'.
          paths: [{ name: 'shared', importNames: HOST_ONLY, message: "Import the host's part of the kernel from 'shared/host'." }],
          patterns: [
            { group: ['remote-*', '**/remote-*/**'], message: 'The host loads remotes at run time (remotes.json); it never imports one.' },
            {
              group: ['shared/*', '!shared/host', '!shared/theme.css', '!shared/build/*'],
              message: "Import the kernel as 'shared' (and its host-only part as 'shared/host'): only 'shared' is the singleton the remotes share.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'shared', message: 'The API imports only the React-free parts of the kernel: shared/roles, shared/messages, shared/issues.' },
            { name: 'kit', message: 'The API imports no React code.' },
            ...['auth', 'identity', 'licensing', 'projects-sites', 'workflows'].map((area) => ({
              name: `contracts/${area}`,
              message: `The API imports an area's contract without its calls: contracts/${area}/model.`,
            })),
          ],
          patterns: [
            {
              group: ['react', 'react-dom', 'react-router*', '@tanstack/*', 'zustand', 'sonner', 'shared/ui*', 'shared/src/ui/**'],
              message: 'The API imports no React code.',
            },
            { group: ['host', 'host/*', 'remote-*', '**/host/src/**', '**/remote-*/**'], message: 'The API imports no console code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    // fixtures/release and fixtures/pilot are source the release tests add to a copy of a remote: a remote's rules apply.
    ignores: ['e2e/fixtures/release/**', 'e2e/fixtures/pilot/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/api/src/**',
                '**/host/src/**',
                '**/remote-*/src/**',
                '**/shared/src/**',
                '**/kit/src/**',
                '**/contracts/src/**',
                'shared',
                'shared/*',
                'kit',
                'kit/*',
                'contracts',
                'contracts/*',
              ],
              message: 'The e2e suite drives the product through the browser and the API; it imports no source.',
            },
          ],
        },
      ],
    },
  },
  {
    // One spelling in code: the contract's `license` (role names such as ACCESS_ALL_CUSTOMER_LICENCES
    // and the spec's prose keep theirs).
    files: ['**/*.{ts,tsx,mjs}'],
    rules: {
      'no-restricted-syntax': ['error', ...syntaxEverywhere],
    },
  },
  {
    // A reply's strict shape is written once, in contracts/<area> beside the console's reading
    // derived from it (`tolerant`), so a route names it and never writes its own object; the
    // params and query of a route the console never calls (apiRoute) are its own. Raw SQL
    // results are read through db/rows.ts's rawRows, not cast.
    files: ['api/src/**/*.ts', 'contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'contracts/src/common/fields.ts', 'api/src/db/rows.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...syntaxEverywhere,
        fieldSchemaAgain,
        {
          selector: "TSAsExpression[expression.typeAnnotation.type='TSUnknownKeyword'] > TSTypeLiteral > TSPropertySignature[key.name='rows']",
          message: 'Read raw SQL results with rawRows (api/src/db/rows.ts).',
        },
      ],
    },
  },
  {
    files: ['api/src/routes/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...syntaxEverywhere,
        fieldSchemaAgain,
        {
          selector: `${objectSchema}:not(Property[key.name=/^(params|query|body|bodyDoc)$/] ${objectSchema})`,
          message: "Write a reply's strict shape once in contracts/<area> (beside the console's reading, derived with `tolerant`) and name it here.",
        },
      ],
    },
  },
  {
    // One way to show a message (STYLE.md, issue 37): every editor, rows included, shows its
    // messages through the kit's useForm (blur once changed, submit, the server's field
    // errors); no screen keeps a touched set, a submitted flag or a shown-errors hook of its own.
    files: ['host/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...syntaxEverywhere,
        {
          selector:
            "VariableDeclarator[init.callee.name='useState'] > ArrayPattern > " +
            'Identifier[name=/^(set)?([Tt]ouched|[Bb]lurred|[Ss]ubmitted|[Ss]hown[A-Z]\\w*Errors|[Ss]howErrors)$/]',
          message:
            'Messages show through useForm (kit): use form.field / form.error / form.rows and form.submit, not a ' +
            "touched set or submitted flag of the screen's own.",
        },
        {
          selector: 'FunctionDeclaration[id.name=/^use(Shown|Touched|Field|Form)Errors$/], VariableDeclarator[id.name=/^use(Shown|Touched|Field|Form)Errors$/]',
          message: 'Messages show through useForm (kit): extend it rather than writing a shown-errors hook.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'api/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
