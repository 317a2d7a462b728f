// ESLint: the code base's syntactic rules and import boundaries (run by `npm test`, `npm run lint`).
// The two rules that need types (no floating or misused promises) are oxlint's (.oxlintrc.json):
// its type-aware pass runs on TypeScript 7's native compiler, about 16 s of CPU where typescript-eslint
// building TypeScript 5's program took about 100 (the whole lint 118 s, 2026-12-02).
import path from 'node:path';
import tseslint from 'typescript-eslint';

const STAND_INS = path.join(import.meta.dirname, 'local');

/**
 * What deploys never imports the stand-ins (issue 44, point 2): local/ holds what only `npm start`
 * runs, and hands it to the product (functions/composition-root.ts `provideStandIns`); local/ and
 * tests/ import the product, never the other way. Specifiers are resolved against the importing
 * file, so a path that climbs into local/ from any depth is found; static, re-exported and lazy
 * imports alike (tests/infra/lambda-bundle.test.ts proves the bundles hold none).
 */
const noStandInImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      standIn: 'Code that deploys does not import local/ (the stand-ins, npm start only): name a port and let local/ hand the stand-in in.',
    },
  },
  create(context) {
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      if (target === STAND_INS || target.startsWith(`${STAND_INS}${path.sep}`)) context.report({ node: source, messageId: 'standIn' });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * A feature of the web app (web/src/features/<name>/) is reached from another only through its
 * public file, features/<name>/index.ts: the rest is its own to change. One block per folder depth,
 * since a relative path's climb out of the feature depends on where the importing file sits.
 */
const featureBoundaries = [1, 2, 3].map((depth) => {
  const up = '\\.\\./'.repeat(depth);
  return {
    files: [`web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      // typescript-eslint's copy, so that it adds to the web app's rule above instead of replacing it.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(${up}|${up}\\.\\./features/)[^./][^/]*/.`,
              message: "Import another feature through its public file ('../<feature>', features/<feature>/index.ts), not its inner modules.",
            },
          ],
        },
      ],
    },
  };
});

/**
 * Domain code (core, store, providers, contracts) knows nothing of HTTP: it throws domain errors
 * (functions/core/errors.ts) and functions/http/ turns them into statuses in one place; the owner
 * type lives in core. Nor does it know how it is wired: core declares its ports
 * (functions/core/ports.ts) and the composition root, which imports every adapter, builds them.
 */
const DOMAIN_LAYERING = {
  patterns: [
    { regex: '^(\\.{1,2}/(.*/)?|@functions/)(http|api)(/|$)', message: 'Domain code may not import the HTTP layer (functions/http, functions/api).' },
    {
      regex: '^(\\.{1,2}/(.*/)?|@functions/)composition-root(\\.js)?$',
      message: 'Core, store and providers do not import the composition root: name the ports you need (functions/core/ports.ts).',
    },
  ],
  paths: [{ name: 'aws-lambda', message: 'Domain code does not see Lambda events; the HTTP layer reads them.' }],
};

/** Vendors' SDKs (and AWS's, the Lambda runtime's, the CDK's): the adapters' business, never core's. */
const VENDOR_SDKS =
  '^(twilio|stripe|googleapis|google-auth-library|aws-amplify|aws-cdk-lib)(/|$)|^@(twilio|googleapis|aws-sdk|smithy|aws-amplify|elevenlabs|middy)/';

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'web/dist/**', '.local/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `import('x').T` stays allowed: it names a lazily loaded module's type without loading it.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // The web app reaches the shared contracts, plans and money through the alias (tsconfig.json
    // "paths", vite.config.ts), never by climbing out of web/ with ../../..; the server's tables
    // and vendors are not the browser's to import.
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+functions/', message: "Import shared code as '@functions/…'." },
            { regex: '^@functions/(store|providers)(/|$)', message: 'The web app does not import the store or the vendor adapters: they run on the server.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['functions/**/*.ts', 'events/**/*.ts', 'infra/**/*.ts', 'web/**/*.ts', 'web/**/*.tsx'],
    plugins: { boundaries: { rules: { 'no-stand-in-imports': noStandInImports } } },
    rules: { 'boundaries/no-stand-in-imports': 'error' },
  },
  {
    // Store, providers and contracts: domain code too (DOMAIN_LAYERING).
    files: ['functions/store/**/*.ts', 'functions/providers/**/*.ts', 'functions/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', DOMAIN_LAYERING] },
  },
  {
    // Core is the ground floor (docs/architecture.md, "Layers"): it declares the ports it needs
    // (functions/core/ports.ts, functions/core/ports/) and the store, the adapters, the jobs, the
    // event consumers, the scripts and the sandboxes implement or call them; none of them, nor any
    // vendor's SDK, is core's to import. Type-only imports are refused as well: a vendor's types
    // would tie core to its SDK as surely.
    files: ['functions/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...DOMAIN_LAYERING.patterns,
            {
              regex: '^(\\.{1,2}/(.*/)?|@functions/)(store|providers|jobs|events|bin)(/|$)',
              message:
                'Core imports nothing from store/, providers/, jobs/, events/ or bin/: declare a port in functions/core/ports/ and let the composition root pass it in.',
            },
            {
              regex: '(^|/)sandbox[^/]*$',
              message: 'Core does not import a sandbox: sandboxes are stand-ins in local/, handed to the composition root by npm start.',
            },
            {
              regex: VENDOR_SDKS,
              message: "Core does not import a vendor's SDK: the adapter in functions/providers/ speaks to the vendor, core names what it needs in a port.",
            },
          ],
          paths: DOMAIN_LAYERING.paths,
        },
      ],
      // The same, for a lazy `import()` (no-restricted-imports sees static imports only). esquery's
      // regular expressions may not hold a slash: \x2F is one.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^(\\.{1,2}\\x2F(.*\\x2F)?|@functions\\x2F)(store|providers|jobs|events|bin)(\\x2F|$)/]',
          message: 'Core loads nothing from store/, providers/, jobs/, events/ or bin/, lazily either: declare a port in functions/core/ports/.',
        },
        { selector: 'ImportExpression[source.value=/(^|\\x2F)sandbox[^\\x2F]*$/]', message: 'Core does not load a sandbox, lazily either.' },
        { selector: `ImportExpression[source.value=/${VENDOR_SDKS.replaceAll('/', '\\x2F')}/]`, message: "Core does not load a vendor's SDK, lazily either." },
      ],
    },
  },
  {
    // twilio's index is 3.5 MB a cold start would parse: its modules are imported one by one, by
    // private paths, in these two modules only (pinned minor; tests/unit/telephony/twilio-private-paths.test.ts).
    // libphonenumber-js's index carries every country's numbering plans: numbers are read through
    // functions/contracts/phone.ts, with the accepted countries' plans only.
    files: ['functions/**/*.ts', 'events/**/*.ts', 'bin/**/*.ts', 'local/**/*.ts'],
    ignores: ['functions/providers/twilio-sdk.ts', 'functions/providers/twilio-twiml.ts'],
    rules: {
      // typescript-eslint's copy of the rule, so that it adds to the layering rule above instead of replacing it.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^twilio(/|$)', message: 'Import Twilio through functions/providers/twilio-sdk.ts or twilio-twiml.ts.' }],
          paths: [{ name: 'libphonenumber-js', message: 'Read phone numbers through functions/contracts/phone.ts (the accepted countries only).' }],
        },
      ],
    },
  },
);
