// The Recall Trace's export (features/reports/recall-trace/trace-text.ts): one CSV with a head, the
// totals and a titled block per section; cells a spreadsheet would run are neutralised.
import { describe, expect, it } from 'vitest';
import type { TraceAnswer } from '../../../src/shared/contracts/recall.js';
import { traceCsv, traceFileName, whereText } from '../../../src/client/features/reports/recall-trace/trace-text.js';

const trace: TraceAnswer = {
  ProductId: 7,
  ProductName: 'Neem Gold 1 L',
  BatchNo: 'B-1',
  Recall: { Reason: '=HYPERLINK("x")', CreatedDate: '2026-11-24T08:00:00.000Z' },
  Totals: {
    Mapped: 10,
    Packed: 4,
    Damaged: 0,
    Unpacked: 6,
    Cartons: 2,
    Dispatches: 1,
    Verifications: 1,
    VerifiedPacks: 1,
  },
  Places: [{ Where: 'site', WhereName: 'North Depot', Cartons: 2, Packs: 4 }],
  Ranges: [
    {
      Kind: 'S',
      Prefix: 'KA',
      FromNo: 1,
      ToNo: 10,
      Qty: 10,
      MFGDate: '2026-01-10',
      EXPDate: '2027-01-10',
      SiteName: 'Nashik',
      Packed: 4,
      Damaged: 0,
    },
  ],
  Cartons: [
    {
      SID: 'SID26KA00001',
      TID: 'TID26KA00003',
      Packs: 2,
      PackedAt: 'Nashik',
      PackedDate: '2026-11-20T04:30:00.000Z',
      Where: 'site',
      WhereName: 'North Depot',
    },
    {
      SID: 'SID26KA00002',
      TID: null,
      Packs: 2,
      PackedAt: 'Nashik',
      PackedDate: '2026-11-20T12:00:00.000Z',
      Where: 'transit',
      WhereName: 'DID26KA00002',
    },
  ],
  Dispatches: [
    {
      DID: 'DID26KA00001',
      DispatchDate: '2026-11-21T04:30:00.000Z',
      FromSite: 'Nashik',
      ToName: 'North Depot',
      ToKind: 'site',
      Cartons: 1,
      Packs: 4,
      State: 'received',
      ReceivedDate: '2026-11-22T04:30:00.000Z',
      ReceivedBy: 'Depot User',
    },
  ],
  Verifications: [
    {
      VerifiedDate: '2026-11-23T04:30:00.000Z',
      Code: 'KA2',
      City: 'Nashik',
      State: 'Maharashtra',
      Result: '200',
      Message: 'Genuine',
    },
  ],
};

describe('the recall trace export', () => {
  it('holds every section under its title, and neutralises formulas', () => {
    const lines = traceCsv(trace).split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Recall Trace,Neem Gold 1 L,B-1',
      `Recall,"24-11-2026: =HYPERLINK(""x"")"`,
      'Mapped,10',
    ]);
    for (const title of ['Still at', 'Mapped ranges', 'Cartons', 'Dispatches', 'Verifications'])
      expect(lines).toContain(title);
    // India's time, as on the screen, whatever the machine's zone.
    expect(lines).toContain('SID26KA00002,,2,Nashik,20-11-2026 17:30,In transit DID26KA00002');
    expect(lines).toContain('KA1 – KA10,10,4,0,10-01-2026,10-01-2027,Nashik');
    expect(lines.at(-1)).toBe('');
    expect(traceCsv({ ...trace, ProductName: '=cmd' })).toContain("Recall Trace,'=cmd,B-1");
  });

  it('names the file and the place', () => {
    expect(traceFileName({ ProductName: 'Neem/Gold 1 L', BatchNo: 'B-1' })).toBe('Recall Trace Neem_Gold 1 L B-1');
    expect(whereText({ Where: 'dealer', WhereName: 'Ravi Traders' })).toBe('With dealer Ravi Traders');
    expect(whereText({ Where: 'missing', WhereName: '' })).toBe('Missing');
  });
});
