// Lint: the layers' import boundaries and no import cycles, over src and sw. Each zone says which
// folder may not import which; imports are resolved to files first, so a relative path, an alias or a
// re-export all count the same. A broken zone means the shared piece belongs one layer down.
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const FEATURES = 'src/client/features';

const folders = (dir) =>
  readdirSync(`${ROOT}/${dir}`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${dir}/${e.name}`);

// A screen is a folder under features/ (an area such as transactions/) or under an area (its screens,
// such as transactions/mapping/). None imports a sibling; what two share sits in their parent folder.
const areas = folders(FEATURES);
const screenGroups = [areas, ...areas.map(folders)].filter((group) => group.length > 1);

const zones = [
  {
    target: 'src/shared',
    from: ['src/client', 'src/server', 'sw'],
    message: 'src/shared is used by client, server and worker alike: it imports none of them.',
  },
  {
    target: 'src/server/domain',
    from: ['src/server/http', 'src/server/routes'],
    message: 'Domain rules know nothing of HTTP: move what both need into the domain or src/shared.',
  },
  ...['auth', 'list', 'db'].map((layer) => ({
    target: `src/server/${layer}`,
    // The demo company is written by the domain's rules (src/server/demo), so it sits above them too.
    from: ['src/server/http', 'src/server/routes', 'src/server/domain', 'src/server/demo'],
    message: `server/${layer} sits below the domain and HTTP: move what both need down into it or src/shared.`,
  })),
  ...['kit', 'api', 'offline', 'floor'].map((layer) => ({
    target: `src/client/${layer}`,
    from: ['src/client/app', 'src/client/features'],
    message: `client/${layer} sits below the app and its screens: move what both need down into it.`,
  })),
  ...screenGroups.flatMap((siblings) => siblings.map((screen) => ({
    target: screen,
    from: siblings.filter((other) => other !== screen),
    message: 'A screen does not import a sibling screen: move what both need up into their parent folder or src/client/kit.',
  }))),
];

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'src/server/db/migrations/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads other files (for no-cycle) only with these extensions and this parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A leading underscore marks a binding kept on purpose (a rest's leftovers, a signature's slot).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
