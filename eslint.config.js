import js from '@eslint/js';
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
  // fetch only in the API client (issue 35 §2); tests fake fetch at the network edge.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { wire: { rules: { 'fetch-only-in-api-client': fetchOnlyInApiClient } } },
    rules: { 'wire/fetch-only-in-api-client': 'error' },
  },
);
