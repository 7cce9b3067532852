// A forged or mistyped code is refused before any database access: the resolver gets a database
// that fails the test on first touch.
import { describe, expect, it } from 'vitest';
import { codeMac } from '../../../src/server/domain/code-mac.js';
import { resolveScan } from '../../../src/server/domain/resolve.js';
import type { Tx } from '../../../src/server/domain/ranges.js';

const untouchable = new Proxy(
  {},
  {
    get(_t, prop) {
      throw new Error(`the database was touched (${String(prop)})`);
    },
  },
) as Tx;

describe('resolveScan', () => {
  const codes = codeMac('resolver secret');
  const genuine = codes.make({ kind: 'S', prefix: 'KA' }, 77);

  it.each([
    ['another key', codeMac('other').make({ kind: 'S', prefix: 'KA' }, 77)],
    ['a changed serial', genuine.slice(0, 10) + (genuine[10] === '1' ? '2' : '1') + genuine.slice(11)],
    ['a truncated code', genuine.slice(0, -2)],
    ['junk', 'http://evil.example/P?U=<script>'],
  ])('refuses %s without a query', async (_name, scan) => {
    await expect(resolveScan(untouchable, codes, scan)).resolves.toEqual({ state: 'forged' });
  });

  it('goes to the database for a genuine code', async () => {
    await expect(resolveScan(untouchable, codes, genuine)).rejects.toThrow('the database was touched');
  });
});
