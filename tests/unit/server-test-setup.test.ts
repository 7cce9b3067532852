// Server tests take their app from tests/helpers/use-app.ts and call the declared endpoint objects:
// a file that starts and closes its own app in hooks, or types an API path into a call, copies what
// one helper owns (issue 26). The exceptions below are named with why.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_TESTS = resolve(import.meta.dirname, '../server');

/** Files that start their app at collection time, so every registered route becomes a test of its own. */
const OWN_APP_HOOKS = new Set(['hardening/rights-matrix.test.ts', 'hardening/text-rule.test.ts']);
/** Files whose point is the typed path: they play a client written to the spec's documents. */
const TYPED_PATHS = /(^|\/)[\w-]*spec-client[\w-]*\.test\.ts$/;

const files = readdirSync(SERVER_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .sort();
const text = (f: string) => readFileSync(join(SERVER_TESTS, f), 'utf8');

/** Apps a file starts and then closes in an afterAll hook (`afterAll(() => t.close())`, or a block). */
function hookClosedApps(source: string): string[] {
  const started = [...source.matchAll(/\b(\w+) = await startApp\(/g)].map((m) => m[1]!);
  return started.filter((name) =>
    new RegExp(`afterAll\\((?:async )?\\(\\) => (?:\\{[^}]*?)?(?:await )?${name}\\??\\.close\\(\\)`).test(source),
  );
}
// A call typing an API path: `t.post('CartonMaster/...'`, `app.get(\`User/...`. A test-only route
// declared through the Router (`r.post('Probe/...'`) is a declaration, not a call.
const TYPED_CALL = /\b(?!r\.)\w+\.(?:post|get)\(\s*['`][A-Z][A-Za-z]*\//g;

describe('server test files', () => {
  it('finds the files', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('start and close their app through useApp', () => {
    const own = files.filter((f) => !OWN_APP_HOOKS.has(f) && hookClosedApps(text(f)).length > 0);
    expect(own).toEqual([]);
  });

  it('call endpoint objects, not typed paths', () => {
    const typed = files
      .filter((f) => !TYPED_PATHS.test(f))
      .flatMap((f) => [...text(f).matchAll(TYPED_CALL)].map((m) => `${f}: ${m[0]}`));
    expect(typed).toEqual([]);
  });

  it('sees what it guards against', () => {
    expect(hookClosedApps('beforeAll(async () => { t = await startApp(); });\nafterAll(() => t.close());')).toEqual([
      't',
    ]);
    expect(
      hookClosedApps(
        'beforeAll(async () => {\n  one = await startApp();\n});\nafterAll(async () => {\n  await two.close();\n  await one?.close();\n});',
      ),
    ).toEqual(['one']);
    // An app a test starts and closes itself, next to a mail peer a hook closes, is not a copy.
    expect(
      hookClosedApps(
        "afterAll(() => smtp.close());\nit('x', async () => { const app = await startApp(); await app.close(); });",
      ),
    ).toEqual([]);
    expect("await t.post('CartonMaster/CreateCarton', body, admin)".match(TYPED_CALL)).toHaveLength(1);
    expect('await app.get(`User/DeleteUser/${id}`, token)'.match(TYPED_CALL)).toHaveLength(1);
    expect("r.post('Probe/save', { access: 'signed-in' }, work)".match(TYPED_CALL)).toBeNull();
  });
});
