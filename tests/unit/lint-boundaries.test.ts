// The lint bites: a source file that imports across a layer's boundary, or closes an import cycle, fails
// `npm run lint` with the zone's message. Each fixture is linted by the project's own eslint.config.js as
// if it were a file at that path; only the rule under test runs, so a case costs milliseconds, not the
// whole import graph.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ZONES = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

// One linter per rule, loaded once: the config, its plugins and the tsconfig the resolver reads take
// seconds on a busy machine, each case then milliseconds.
const linters = new Map<string, ESLint>();
beforeAll(async () => {
  for (const rule of [ZONES, CYCLE]) {
    const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === rule });
    await eslint.lintText('export {};\n', { filePath: `${ROOT}src/shared/warm-up.ts` });
    linters.set(rule, eslint);
  }
}, 60_000);

async function lint(path: string, source: string, rule: string) {
  const [result] = await linters.get(rule)!.lintText(source, { filePath: `${ROOT}${path}` });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

const zoneError = (line: number, imported: string, why: string) => ({
  rule: ZONES,
  line,
  message: `Unexpected path "${imported}" imported in restricted zone. ${why}`,
});

describe('npm run lint: import boundaries', () => {
  it('refuses a domain rule that imports from server/http', async () => {
    const source = "import type { Router } from '../http/route.js';\n\nexport type Routes = Router;\n";
    expect(await lint('src/server/domain/fixture.ts', source, ZONES)).toEqual([
      zoneError(
        1,
        '../http/route.js',
        'Domain rules know nothing of HTTP: move what both need into the domain or src/shared.',
      ),
    ]);
    // The same import from a route is the layering working as meant.
    expect(await lint('src/server/routes/fixture.ts', source, ZONES)).toEqual([]);
  });

  it('reads an alias as the path it names', async () => {
    const source = "import type { Router } from '@server/http/route.js';\n\nexport type Routes = Router;\n";
    expect(await lint('src/server/domain/fixture.ts', source, ZONES)).toEqual([
      zoneError(
        1,
        '@server/http/route.js',
        'Domain rules know nothing of HTTP: move what both need into the domain or src/shared.',
      ),
    ]);
  });

  it('refuses db, list and auth code that imports the domain', async () => {
    const source = "import { issueNumbers } from '../domain/number-issue.js';\n\nexport const issue = issueNumbers;\n";
    expect(await lint('src/server/db/fixture.ts', source, ZONES)).toEqual([
      zoneError(
        1,
        '../domain/number-issue.js',
        'server/db sits below the domain and HTTP: move what both need down into it or src/shared.',
      ),
    ]);
  });

  it('refuses a client kit module that imports from a screen', async () => {
    const source =
      "import { SCREEN_MODULES } from '../features/registry.js';\n\nexport const screens = SCREEN_MODULES;\n";
    expect(await lint('src/client/kit/fixture.ts', source, ZONES)).toEqual([
      zoneError(
        1,
        '../features/registry.js',
        'client/kit sits below the app and its screens: move what both need down into it.',
      ),
    ]);
  });

  it('refuses shared code that imports from the server', async () => {
    const source = "import { users } from '../server/db/schema.js';\n\nexport const table = users;\n";
    expect(await lint('src/shared/fixture.ts', source, ZONES)).toEqual([
      zoneError(
        1,
        '../server/db/schema.js',
        'src/shared is used by client, server and worker alike: it imports none of them.',
      ),
    ]);
  });

  it('refuses a screen that imports a sibling screen, and lets it import what their area shares', async () => {
    const sibling =
      "import { DeMappingPage } from '../de-mapping/de-mapping-page.js';\n\nexport const page = DeMappingPage;\n";
    expect(await lint('src/client/features/transactions/product-damage/fixture.ts', sibling, ZONES)).toEqual([
      zoneError(
        1,
        '../de-mapping/de-mapping-page.js',
        'A screen does not import a sibling screen: move what both need up into their parent folder or src/client/kit.',
      ),
    ]);
    const shared = "import { RangeDialog } from '../range-dialog.js';\n\nexport const dialog = RangeDialog;\n";
    expect(await lint('src/client/features/transactions/product-damage/fixture.ts', shared, ZONES)).toEqual([]);
  });
});

describe('npm run lint: import cycles', () => {
  it('refuses a schema area importing the loyalty tables, which import it', async () => {
    const source = "import { schemes } from './loyalty.js';\n\nexport const loyalty = [schemes];\n";
    expect(await lint('src/server/db/schema/companies.ts', source, CYCLE)).toEqual([
      { rule: CYCLE, line: 1, message: 'Dependency cycle detected' },
    ]);
  });

  it('refuses a schema area importing the whole schema, which re-exports it', async () => {
    const source = "import { users } from '../schema.js';\n\nexport const owners = [users];\n";
    expect(await lint('src/server/db/schema/products.ts', source, CYCLE)).toEqual([
      { rule: CYCLE, line: 1, message: 'Dependency cycle detected' },
    ]);
    // The same table from its own area's file is the way an area refers to another.
    const direct = "import { users } from './companies.js';\n\nexport const owners = [users];\n";
    expect(await lint('src/server/db/schema/products.ts', direct, CYCLE)).toEqual([]);
  });
});
