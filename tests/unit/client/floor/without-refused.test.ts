// A refused carton sent again without what the server refused (floor/work/without-refused.ts and the
// packing saves' trims): the same slip, the rest of its contents, a remark that says why it is short,
// and nothing offered where nothing would go or nothing would be left.
import { describe, expect, it } from 'vitest';
import { PACKING_API, REMARK_MAX } from '../../../../src/shared/contracts/floor/packing.js';
import { withoutRefused } from '../../../../src/client/floor/work/registry.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';

const codes = codeMac('unit-test-secret');
const ka = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const copyOf = (uid: string) => uid.slice(0, -1) + (uid.endsWith('0') ? '1' : '0');

const secondary = (uids: string[], reason = '') => ({
  endpoint: PACKING_API.secondarySave.path,
  payload: { cartonMasterId: 1, scanned: uids.map((UID) => ({ UID })), reason, CartonName: 'SID26KA00010' },
});

describe('Send without the refused items', () => {
  it('a secondary carton loses the packs the server named by the code sent; a copy, not its twin', () => {
    const copy = copyOf(ka(12));
    const entry = secondary([ka(11), copy, ka(13)]);
    const t = withoutRefused(entry, [{ Code: 'KA12', Reason: 'This code is not genuine.', Scan: copy }]);
    expect(t).toEqual({
      payload: {
        cartonMasterId: 1,
        scanned: [{ UID: ka(11) }, { UID: ka(13) }],
        reason: 'Sent without KA12: refused by the server.',
        CartonName: 'SID26KA00010',
      },
      label: 'Secondary carton SID26KA00010, 2 items',
      removed: ['KA12'],
    });
    // The genuine KA12 in a carton with its copy: only the copy goes.
    const both = withoutRefused(secondary([ka(12), copy]), [{ Code: 'KA12', Reason: 'x', Scan: copy }]);
    expect(both?.payload).toMatchObject({ scanned: [{ UID: ka(12) }] });
  });
  it("by the printed number where the server names no code; the operator's remark kept first", () => {
    const t = withoutRefused(secondary([ka(11), ka(12)], 'Half box'), [{ Code: 'KA11', Reason: 'Damaged.' }]);
    expect(t?.payload).toMatchObject({
      scanned: [{ UID: ka(12) }],
      reason: 'Half box Sent without KA11: refused by the server.',
    });
    const long = withoutRefused(secondary([ka(11), ka(12)], 'x'.repeat(REMARK_MAX)), [{ Code: 'KA11', Reason: 'y' }]);
    expect((long?.payload as { reason: string }).reason).toHaveLength(REMARK_MAX);
  });
  it('a tertiary carton loses the refused SIDs', () => {
    const entry = {
      endpoint: PACKING_API.tertiarySave.path,
      payload: {
        cartonMasterId: 1,
        scanned: [{ CartonId: 'SID26KA00001' }, { CartonId: 'sid26ka00002' }],
        remark: '',
        reason: '',
        CartonName: 'TID26KA00003',
      },
    };
    expect(withoutRefused(entry, [{ Code: 'SID26KA00002', Reason: 'SID26KA00002 is damaged.' }])).toMatchObject({
      payload: { scanned: [{ CartonId: 'SID26KA00001' }] },
      label: 'Tertiary carton TID26KA00003, 1 carton',
      removed: ['SID26KA00002'],
    });
  });
  it('nothing offered: every item refused, none of its items named, or a save that lists none', () => {
    expect(withoutRefused(secondary([ka(11)]), [{ Code: 'KA11', Reason: 'x' }])).toBeNull();
    expect(withoutRefused(secondary([ka(11), ka(12)]), [{ Code: 'KA99', Reason: 'x' }])).toBeNull();
    expect(withoutRefused(secondary([ka(11), ka(12)]), [])).toBeNull();
    expect(
      withoutRefused({ endpoint: 'CartonDamage/save', payload: { DamageCid: 'SID26KA00001' } }, [
        { Code: 'SID26KA00001', Reason: 'x' },
      ]),
    ).toBeNull();
  });
});
