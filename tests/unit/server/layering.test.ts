// The server's layers point one way: routes and http may use domain and auth, never the reverse. A
// domain rule takes its actor from auth/actor.ts and its database errors from db/errors.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(import.meta.dirname, '../../../src/server');
const IMPORT = /^\s*(?:import|export)\s[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm;

function importsOf(dir: string): Array<[string, string]> {
  return readdirSync(join(SERVER, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) =>
      [...readFileSync(join(SERVER, dir, f), 'utf8').matchAll(IMPORT)].map((m): [string, string] => [
        `${dir}/${f}`,
        m[1]!,
      ]),
    );
}

describe('server layers', () => {
  it.each(['domain', 'auth'])('%s imports neither http nor routes', (dir) => {
    const upward = importsOf(dir).filter(([, spec]) => /(^|\/)(http|routes)\//.test(spec));
    expect(upward).toEqual([]);
  });
});
