// Slips known offline (issue 27 item 4): the cache knows the site's slips reserved up to SID 42 and
// TID 7. Offline, a slip past them is refused where a slip closes a carton (packing's slip dialog) or
// takes a carton's place (Replace by SID); online the server judges, so the device lets it through.
import { describe, expect, it } from 'vitest';
import { PACKING_MSG, slipProblem } from '../../../../src/shared/contracts/floor/packing.js';
import { buildFloorCache } from '../../../../src/client/floor/cache/lookup.js';
import { knownLastSlip } from '../../../../src/client/floor/slip-blocks.js';
import { emptyLocalWork } from '../../../../src/client/floor/work/local-work.js';
import { checkFirst, checkSecond } from '../../../../src/client/features/floor/replace/replace-rules.js';
import { cacheMasters } from '../../../helpers/floor-cache-masters.js';

const open = {
  AsOf: '2026-11-24T08:00:00.000Z',
  Secondary: [
    {
      SID: 'SID26KA00001',
      ProductId: 7,
      Qty: 3,
      CartonSizeId: 1,
      BatchNo: 'B1',
      MFGDate: '2026-01-10',
      EXPDate: '2028-01-10',
    },
  ],
  Tertiary: [],
};
const cache = buildFloorCache({
  masters: cacheMasters(3),
  open,
  mappings: [],
  damages: [],
  pairs: [],
  packed: [],
  refreshedAt: { masters: 1 },
});
const slip = (type: 'SID' | 'TID', online: boolean, n: number) => {
  const id = `${type}26KA${String(n).padStart(5, '0')}`;
  return slipProblem(id, type, 'KA', knownLastSlip(cache, type, online));
};

describe('a carton slip scanned to close a carton', () => {
  it('offline: one inside the reserved blocks closes it; one past them was never reserved', () => {
    expect(slip('SID', false, 42)).toEqual({ slip: 'SID26KA00042' });
    expect(slip('SID', false, 43)).toEqual({
      message: 'SID26KA00043 was never reserved for this site: use a printed slip.',
    });
    expect(slip('TID', false, 7)).toEqual({ slip: 'TID26KA00007' });
    expect(slip('TID', false, 8)).toEqual({ message: PACKING_MSG.slipUnprinted('TID26KA00008') });
  });

  it('online: the server judges (a block reserved elsewhere since the refresh is known only there)', () => {
    expect(slip('SID', true, 43)).toEqual({ slip: 'SID26KA00043' });
    expect(slip('TID', true, 900)).toEqual({ slip: 'TID26KA00900' });
  });
});

describe('Replace by SID: the new slip', () => {
  const first = checkFirst('SID', 'SID26KA00001', cache, emptyLocalWork());
  const second = (text: string, online: boolean) =>
    checkSecond(first.ok ? first.value : null, text, cache, emptyLocalWork(), online);

  it('offline: past the reserved blocks it is refused, inside them it is taken', () => {
    expect(first.ok).toBe(true);
    expect(second('SID26KA00050', false)).toEqual({
      ok: false,
      message: PACKING_MSG.slipUnprinted('SID26KA00050'),
    });
    expect(second('SID26KA00040', false)).toEqual({ ok: true, value: 'SID26KA00040' });
  });

  it('online: left to the server', () => {
    expect(second('SID26KA00050', true)).toEqual({ ok: true, value: 'SID26KA00050' });
  });
});
