// Issue 10 items 10 and 11: the numbers contracts take a spec client's JSON numbers as well as the
// forms' text, refuse unknown fields in every mode, and say 'From number should be less than to
// number.' whenever From is above To, whatever the quantity box then holds.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { firstMessage } from '../../../src/shared/contracts/issues.js';
import { GEN_MSG, generateRequest, downloadRequest } from '../../../src/shared/contracts/numbers/generation.js';
import { ISSUE_MSG, issueSave } from '../../../src/shared/contracts/numbers/issue.js';
import { MAPPING_MSG, mappingAdd, mappingSave } from '../../../src/shared/contracts/numbers/mapping.js';
import { STOCK_MSG, stockAccept } from '../../../src/shared/contracts/numbers/stock.js';

const failure = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : { message: firstMessage(r.error), path: r.error.issues[0]?.path };
};

const issue = { CompanyId: 1, FrmNo: '500', ToNo: '499', IssueQty: '', SalesOrderNo: 'SO-1' };
const mapping = {
  MappingId: 0,
  ProductId: 3,
  FromNo: '500',
  ToNo: '499',
  Qty: '',
  BatchNo: 'B1',
  MFGDate: '2026-01-10',
  isPreprinted: true,
};

describe("From above To: the spec's message wins over the quantity's", () => {
  it.each([
    ['blank', ''],
    ['0', '0'],
    ['negative', '-1'],
    ['stale', '10'],
    ['absent', undefined],
  ])('Number Issue, quantity %s', (_n, qty) => {
    expect(failure(issueSave, { ...issue, IssueQty: qty })).toEqual({
      message: ISSUE_MSG.fromBeforeTo,
      path: ['FrmNo'],
    });
  });

  it.each([
    ['blank', ''],
    ['0', 0],
    ['negative', -2],
    ['absent', undefined],
  ])('Mapping, quantity %s', (_n, qty) => {
    expect(failure(mappingAdd, { ...mapping, Qty: qty })).toEqual({
      message: MAPPING_MSG.fromBeforeTo,
      path: ['FromNo'],
    });
    expect(failure(mappingSave, { ...mapping, Qty: qty })?.message).toBe(MAPPING_MSG.fromBeforeTo);
  });

  it('Number Generation and Admin Number Download', () => {
    expect(failure(generateRequest, { MappingId: 4, FromNo: 20, ToNo: 10, Qty: '' })?.message).toBe(
      GEN_MSG.fromBeforeTo,
    );
    expect(failure(downloadRequest, { Prefix: 'KA', FromNo: '20', ToNo: '10', Qty: 0 })?.message).toBe(
      GEN_MSG.fromBeforeTo,
    );
  });

  it('Stock accept: a To below From says so, under To', () => {
    expect(failure(stockAccept, { StockId: 3, FrmNo: 10, ToNo: 5, IssueQty: '' })).toEqual({
      message: STOCK_MSG.toAfterFrom,
      path: ['ToNo'],
    });
  });

  it('other failures keep their own order', () => {
    expect(failure(issueSave, { ...issue, FrmNo: '', ToNo: '5' })?.message).toBe(ISSUE_MSG.fromRequired);
    expect(failure(issueSave, { ...issue, ToNo: '600', IssueQty: '' })?.message).toBe(ISSUE_MSG.qtyRequired);
    expect(failure(mappingAdd, { ...mapping, ToNo: '600', Qty: '' })?.message).toBe(MAPPING_MSG.qtyPositive);
    expect(failure(issueSave, { ...issue, ToNo: '600', IssueQty: '101', CompanyId: null })?.message).toBe(
      ISSUE_MSG.companyRequired,
    );
  });
});

describe("a spec client's JSON numbers", () => {
  it('SalesOrderNo as a number is its text; below 1 or not whole it is refused', () => {
    const ok = { CompanyId: 1, FrmNo: 1, ToNo: 2, IssueQty: 2 };
    expect(issueSave.parse({ ...ok, SalesOrderNo: 4501 }).SalesOrderNo).toBe('4501');
    for (const bad of [0, -3, 1.5, Number.NaN])
      expect(failure(issueSave, { ...ok, SalesOrderNo: bad })?.message).toBe(ISSUE_MSG.salesOrderRequired);
  });

  it('MappingId as text picks the mode like a number does', () => {
    expect(mappingSave.parse({ MappingId: '7', EXPDate: '2030-01-01' })).toEqual({
      mode: 'update',
      MappingId: 7,
      EXPDate: '2030-01-01',
    });
    expect(mappingSave.parse({ ...mapping, MappingId: '0', ToNo: 509, Qty: 10 })).toMatchObject({
      mode: 'add',
      MappingId: 0,
    });
  });
});

describe('unknown fields', () => {
  it('the expiry update refuses them like the add does', () => {
    expect(failure(mappingSave, { MappingId: 7, EXPDate: '2030-01-01', BatchNo: 'X' })?.message).toBe(
      'Unknown field: BatchNo',
    );
    expect(failure(mappingSave, { ...mapping, ToNo: 509, Qty: 10, Colour: 'red' })?.message).toBe(
      'Unknown field: Colour',
    );
  });
});
