// The number and transaction calls are declared once (src/shared/contracts/numbers): each declaration
// is served exactly once, from itself, and no route under those paths is declared by a bare string.
import { describe, expect, it } from 'vitest';
import { DAMAGE_API } from '../../../src/shared/contracts/numbers/damage.js';
import { DEMAP_API } from '../../../src/shared/contracts/numbers/demap.js';
import { GENERATION_API } from '../../../src/shared/contracts/numbers/generation.js';
import { ISSUE_API } from '../../../src/shared/contracts/numbers/issue.js';
import { SHEET_API } from '../../../src/shared/contracts/numbers/mapping-upload.js';
import { MAPPING_API, PRODUCT_LOOKUP_API } from '../../../src/shared/contracts/numbers/mapping.js';
import { SLIP_API } from '../../../src/shared/contracts/numbers/slip-ids.js';
import { STATIC_PAIR_API } from '../../../src/shared/contracts/numbers/static-pair.js';
import { STOCK_API } from '../../../src/shared/contracts/numbers/stock.js';
import type { Endpoint } from '../../../src/shared/endpoint.js';
import { useApp } from '../../helpers/use-app.js';

const APIS = [
  DAMAGE_API,
  DEMAP_API,
  GENERATION_API,
  ISSUE_API,
  SHEET_API,
  MAPPING_API,
  PRODUCT_LOOKUP_API,
  SLIP_API,
  STATIC_PAIR_API,
  STOCK_API,
];
const declared: Endpoint[] = APIS.flatMap((api) => Object.values(api) as Endpoint[]);

const t = useApp();

describe('number endpoints', () => {
  it('are each served once, from their declaration', () => {
    for (const e of declared) {
      const served = t.app.apiRoutes.filter((r) => r.method === e.method && r.path === e.path);
      expect(
        served.map((r) => r.endpoint),
        `${e.method} ${e.path}`,
      ).toEqual([e]);
    }
  });

  it('leave no route of their areas declared by a bare path', () => {
    const areas =
      /^(Mapping|DeMapping|ProductDamage|NumberGeneration|IssueNumber|StockManagement|Upload\/CSVUpload|Product\/(GetIds|UpdateIds|GetProductsSize|GetProductsLife|GetMappedProductsDDL|GetMapping))\b/;
    const bare = t.app.apiRoutes.filter((r) => areas.test(r.path) && !r.endpoint).map((r) => `${r.method} ${r.path}`);
    expect(bare).toEqual([]);
  });
});
