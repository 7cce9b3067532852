// The bare IndexedDB kv access the first screen uses instead of Dexie: it reads and writes the rows
// Dexie owns, and never creates the database itself (fake-indexeddb, the same IndexedDB API).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FieldtraceDb } from '../../../src/client/offline/db.js';
import { readKv, writeKv } from '../../../src/client/offline/kv-direct.js';

describe('kv without Dexie', () => {
  it('finds nothing and creates nothing before Dexie has made the database', async () => {
    expect(await readKv('menu')).toBeUndefined();
    expect(await writeKv('menu', [{ name: 'Dashboard' }])).toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('fieldtrace');
  });

  it("reads Dexie's rows, and Dexie reads what it wrote", async () => {
    const dexie = new FieldtraceDb();
    await dexie.kv.put({ key: 'session', value: { UserName: 'Admin' } });
    expect(await readKv('session')).toEqual({ UserName: 'Admin' });

    expect(await writeKv('menu', [{ name: 'Dashboard', path: '/dashboard' }])).toBe(true);
    expect((await dexie.kv.get('menu'))?.value).toEqual([{ name: 'Dashboard', path: '/dashboard' }]);
    // Dexie's own connection stays usable: the bare one closed after its request.
    await dexie.kv.put({ key: 'menu', value: [] });
    expect(await readKv('menu')).toEqual([]);
    dexie.close();
  });
});
