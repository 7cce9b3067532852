// The event log's reader: a row's detail comes back typed by its action, and a row the catalogue
// cannot read (an unknown action, a detail of the wrong shape) is left out rather than half-read.
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { detailJson, detailText, isAction, readEvent, readEvents } from '../../../src/server/domain/event-log.js';
import type { events } from '../../../src/server/db/schema.js';

type Row = typeof events.$inferSelect;
const row = (action: string, detail: Record<string, unknown>): Row => ({
  id: 7,
  at: new Date('2026-01-02T03:04:05Z'),
  action,
  userId: 3,
  companyId: 2,
  siteId: 5,
  kind: 'S',
  prefix: 'KA',
  fromNo: 41,
  toNo: 60,
  ref: '12',
  detail,
  deviceBatch: null,
  deviceAt: null,
});

describe('readEvent', () => {
  it('reads a damage with its typed detail', () => {
    const e = readEvent(row('damage', { mappingId: 12, productId: 4, batchNo: 'B1', reason: 'Torn' }));
    expect(e && isAction(e, 'damage') && e.detail.reason).toBe('Torn');
    expect(e).toMatchObject({ id: 7, action: 'damage', siteId: 5, ref: '12', fromNo: 41, toNo: 60 });
  });

  it('leaves out an unknown action and a detail of the wrong shape', () => {
    expect(readEvent(row('teleport', {}))).toBeNull();
    expect(readEvent(row('damage', { mappingId: 12 }))).toBeNull();
    expect(readEvents([row('teleport', {}), row('map', { productId: 4, batchNo: 'B1' })]).map((e) => e.action)).toEqual(
      ['map'],
    );
  });
});

describe('detail keys in SQL', () => {
  const text = (q: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(q).sql;

  it('names the key as a literal', () => {
    expect(text(detailText('damage-carton', 'reason'))).toBe(`("events"."detail"->>'reason')`);
    expect(text(detailJson('return', 'cartons'))).toBe(`("events"."detail"->'cartons')`);
  });

  it('refuses a key that is not a plain name', () => {
    expect(() => detailText('damage', "reason') or true --" as 'reason')).toThrow('not a detail key');
  });
});
