// What a floor browser test needs on the running demo server, made through the API as a factory
// would: a static range of KA mapped, a carton size of its own, and SID/TID slips printed (reserved).
import { makeSlipId } from '../../src/shared/codes.js';
import { CARTON_API } from '../../src/shared/contracts/carton.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { reserveArgs, SLIP_API, type ReservedIds } from '../../src/shared/contracts/numbers/slip-ids.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { api, apiSignIn, ok } from './api-client.js';
import { ADMIN } from './browser.js';

export const FACTORY = { email: 'factory@example.com', password: 'Factory123' } as const;

export interface FloorSetup {
  factory: typeof FACTORY;
  token: string;
  productName: string;
  productId: number;
  sizeId: number;
  /** The carton size as the dropdown shows it. */
  sizeLabel: string;
  /** The i-th SID / TID reserved for this test (0-based). */
  sid(i: number): string;
  tid(i: number): string;
}

async function reserve(token: string, type: 'SID' | 'TID', n: number, origin?: string): Promise<ReservedIds> {
  const last = await ok('GetIds', api(SLIP_API.lastIds, undefined, token, { prefix: 'KA' }, origin));
  return ok(
    'UpdateIds',
    api(SLIP_API.reserve, undefined, token, reserveArgs('KA', type, (last[type] ?? 0) + n), origin),
  );
}

/** A carton size of its own (made by the admin: sizes are shared); its id and its dropdown label.
 *  `origin`: a server of the test's own instead of the browser project's. */
export async function makeCartonSize(size: number, origin?: string): Promise<{ id: number; label: string }> {
  const admin = await apiSignIn(ADMIN.email, ADMIN.password, origin);
  const name = `Test box ${size} ${Date.now().toString(36)}`;
  await ok(
    'carton size',
    api(
      CARTON_API.save,
      {
        CartonId: 0,
        CartonName: name,
        CartonSize: size,
        Description: 'Browser test',
        IsActive: true,
      },
      admin,
      undefined,
      origin,
    ),
  );
  const sizes = await ok('sizes', api(CARTON_API.dropdown, undefined, admin, undefined, origin));
  return { id: sizes.find((s) => s.CartonName === name)!.CartonId, label: `${name} (${size})` };
}

/** `product`: which of the company's products (its index in the dropdown): a test that dispatches picks
 *  its own, so another file's cartons left at the factory are never its older stock. */
export async function floorSetup(o: {
  from: number;
  to: number;
  size: number;
  slips: number;
  mfgDate?: string;
  product?: number;
  /** A server of the test's own instead of the browser project's. */
  origin?: string;
}): Promise<FloorSetup> {
  const { origin } = o;
  const token = await apiSignIn(FACTORY.email, FACTORY.password, origin);
  const products = await ok('products', api(PRODUCT_API.dropdown, undefined, token, undefined, origin));
  const product = products[o.product ?? 0]!;
  await ok(
    'mapping',
    api(
      MAPPING_API.save,
      {
        MappingId: 0,
        ProductId: product.ProductId,
        FromNo: o.from,
        ToNo: o.to,
        Qty: o.to - o.from + 1,
        MFGDate: o.mfgDate ?? '2026-02-01',
        EXPDate: '',
        BatchNo: `FL-${o.from}`,
        Mrp: '',
        Remark: '',
        isPreprinted: false,
      },
      token,
      undefined,
      origin,
    ),
  );
  const size = await makeCartonSize(o.size, origin);
  const sids = await reserve(token, 'SID', o.slips, origin);
  const tids = await reserve(token, 'TID', o.slips, origin);
  const year = new Date().getFullYear() % 100;
  return {
    factory: FACTORY,
    token,
    productName: product.ProductName,
    productId: product.ProductId,
    sizeId: size.id,
    sizeLabel: size.label,
    sid: (i) => makeSlipId('SID', year, 'KA', sids.FromNo + i),
    tid: (i) => makeSlipId('TID', year, 'KA', tids.FromNo + i),
  };
}
