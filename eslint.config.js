import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// fetch only in the API client (issue 35 §2): every web call goes through apps/web/src/lib/api-client.ts, which
// owns the bearer, the 429 redirect (SPEC §8) and the ApiError; the back office's 401/403 handling sits on it.
// A rule of its own rather than no-restricted-globals/-properties: in a flat config a later block's options for a
// rule replace an earlier block's, so sharing those rules with another restriction could silently drop one.
const fetchOnlyInApiClient = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      direct: "Call the API through '@/lib/api-client' (apiRequest, apiFile), not {{name}} (issue 35 §2).",
    },
  },
  create(context) {
    const report = (node, name) => context.report({ node, messageId: 'direct', data: { name } });
    return {
      'Program:exit'(program) {
        // The global `fetch`: declared by the browser globals (no definition in the file) or not declared at all.
        const scope = context.sourceCode.getScope(program);
        const declared = scope.set.get('fetch');
        const references = declared && declared.defs.length === 0 ? declared.references : [];
        const undeclared = scope.through.filter((reference) => reference.identifier.name === 'fetch');
        for (const reference of [...references, ...undeclared]) report(reference.identifier, 'fetch');
      },
      MemberExpression(node) {
        const property = node.computed ? node.property.value : node.property.name;
        const holders = ['window', 'globalThis', 'self'];
        if (property === 'fetch' && node.object.type === 'Identifier' && holders.includes(node.object.name)) {
          report(node, `${node.object.name}.fetch`);
        }
      },
    };
  },
};

const ROOT = import.meta.dirname;
const WEB = 'apps/web/src';
const API = 'apps/api/src';
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts', '**/*.fixtures.tsx'];

/** Every folder under apps/web/src/features is a feature: a new one is fenced in without editing this file. */
const FEATURES = fs
  .readdirSync(path.join(ROOT, WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers (docs/architecture.md, decision 0048): shared code → features → app.
 * `withApp` is false for tests: a test may render what it tests through its route and the app's providers
 * (src/app); it still imports no other feature.
 */
function webZones({ withApp }) {
  const shared = ['components', 'hooks', 'lib', 'stores', 'styles'].map((dir) => `${WEB}/${dir}`);
  return [
    {
      target: shared,
      from: withApp ? [`${WEB}/features`, `${WEB}/app`] : [`${WEB}/features`],
      message: 'Shared web code (components, hooks, lib, stores, styles) imports no feature and no app code.',
    },
    {
      target: 'packages/shared',
      from: ['apps'],
      message: 'packages/shared is used by both apps and imports neither.',
    },
    ...FEATURES.map((feature) => ({
      target: `${WEB}/features/${feature}`,
      from: `${WEB}/features`,
      except: [`./${feature}`],
      message: `A feature imports shared code and its own files only: move what "${feature}" shares down to components/hooks/lib, or compose the two features in src/app.`,
    })),
    ...(withApp
      ? [
          {
            target: `${WEB}/features`,
            from: `${WEB}/app`,
            message: 'A feature never imports src/app; the app composes features, not the other way round.',
          },
        ]
      : []),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  // ── Architecture: import zones and cycles (decision 0048, docs/architecture.md) ──────────────────────────
  // eslint-plugin-import-x resolves every import (the `@/` alias through apps/web/tsconfig.json, relative
  // paths, workspace packages) and checks it against the zones below.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser reads the imported files too (no-cycle follows them), the resolver finds them.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // Web layers: shared code → features → app (routes, layouts, router) and the entry files.
  {
    files: [`${WEB}/**/*.{ts,tsx}`, 'packages/shared/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones({ withApp: true }) }],
    },
  },
  // Tests may render through a route and the app's providers (src/app); they still import no other feature.
  {
    files: TESTS.map((glob) => `${WEB}/${glob}`),
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones({ withApp: false }) }],
    },
  },

  // ── API: process.env is read in env.ts only ─────────────────────────────────────────────────────────────
  // Exempt: tests (they set up environments) and the command-line entry points, which read npm's INIT_CWD
  // to resolve the caller's paths.
  {
    files: [`${API}/**/*.ts`],
    ignores: [`${API}/env.ts`, `${API}/cli/**`, ...TESTS],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in apps/api/src/env.ts only.' },
      ],
    },
  },

  // ── API plugins (and the file stores) do not import modules ─────────────────────────────────────────────
  // Plugins are the cross-cutting HTTP concerns; what needs a module (authentication, the storefront renderer)
  // is that module's own plugin. Tests of plugins may seed data through modules.
  {
    files: [`${API}/plugins/**/*.ts`, `${API}/storage/**/*.ts`],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            {
              target: `${API}/plugins`,
              from: `${API}/modules`,
              message: 'API plugins are cross-cutting: they import no module (modules register on them).',
            },
            {
              target: `${API}/storage`,
              from: `${API}/modules`,
              message: 'The file stores (decision 0061) are infrastructure: they import no module.',
            },
          ],
        },
      ],
    },
  },

  // fetch only in the API client (issue 35 §2); tests fake fetch at the network edge.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { wire: { rules: { 'fetch-only-in-api-client': fetchOnlyInApiClient } } },
    rules: { 'wire/fetch-only-in-api-client': 'error' },
  },
);
