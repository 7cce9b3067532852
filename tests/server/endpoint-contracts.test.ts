// Endpoint contracts (DESIGN section 9): every route of the account, masters and upload areas is
// served from its declaration in src/shared, each declaration is served once, and what the routes
// answer matches the declared data schema on the demo data.
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessRightRoutes } from '../../src/server/routes/account/access-right.js';
import { loginRoutes } from '../../src/server/routes/account/login.js';
import { meRoutes } from '../../src/server/routes/account/me.js';
import { cartonRoutes } from '../../src/server/routes/masters/carton.js';
import { categoryRoutes } from '../../src/server/routes/masters/category.js';
import { companyRoutes } from '../../src/server/routes/masters/company.js';
import { priceRoutes } from '../../src/server/routes/masters/price.js';
import { productConfigurationRoutes } from '../../src/server/routes/masters/product-configuration.js';
import { productRoutes } from '../../src/server/routes/masters/product.js';
import { referenceRoutes } from '../../src/server/routes/masters/reference.js';
import { siteRoutes } from '../../src/server/routes/masters/sites.js';
import { userMasterRoutes } from '../../src/server/routes/masters/users.js';
import { uploadRoutes } from '../../src/server/routes/uploads/file-upload.js';
import { Router } from '../../src/server/http/route.js';
import type { Services } from '../../src/server/services.js';
import { ACCESS_RIGHT_API } from '../../src/shared/contracts/access-right.js';
import { noData } from '../../src/shared/contracts/answer.js';
import { LOGIN_API, ME_API } from '../../src/shared/contracts/auth.js';
import { CARTON_API } from '../../src/shared/contracts/carton.js';
import { CATEGORY_API } from '../../src/shared/contracts/category.js';
import { COMPANY_API } from '../../src/shared/contracts/company.js';
import { PRICE_API } from '../../src/shared/contracts/price.js';
import { PRODUCT_CONFIG_API } from '../../src/shared/contracts/product-configuration.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { REFERENCE_API } from '../../src/shared/contracts/reference.js';
import { SITE_API } from '../../src/shared/contracts/site.js';
import { UPLOAD_API } from '../../src/shared/contracts/upload.js';
import { USERS_API } from '../../src/shared/contracts/users/common.js';
import type { Endpoint } from '../../src/shared/endpoint.js';
import { send } from '../helpers/endpoint-call.js';
import { listBody } from '../helpers/factories.js';
import { useApp } from '../helpers/use-app.js';

const AREAS = [
  loginRoutes,
  meRoutes,
  accessRightRoutes,
  cartonRoutes,
  companyRoutes,
  referenceRoutes,
  userMasterRoutes,
  categoryRoutes,
  productConfigurationRoutes,
  productRoutes,
  uploadRoutes,
  siteRoutes,
  priceRoutes,
];

const APIS = [
  LOGIN_API,
  ME_API,
  ACCESS_RIGHT_API,
  CARTON_API,
  COMPANY_API,
  REFERENCE_API,
  USERS_API,
  CATEGORY_API,
  PRODUCT_CONFIG_API,
  PRODUCT_API,
  UPLOAD_API,
  SITE_API,
  PRICE_API,
];

/** Every declaration in the API objects, once each (category levels nest one deeper, and a
 *  level names its list endpoint twice: as `list` and inside its `rows` list contract). */
function declared(): Endpoint[] {
  const found = new Set<Endpoint>();
  const walk = (o: object) => {
    for (const v of Object.values(o)) {
      if (v && typeof v === 'object' && 'method' in v && 'path' in v) found.add(v as Endpoint);
      else if (v && typeof v === 'object') walk(v);
    }
  };
  APIS.forEach(walk);
  return [...found];
}

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('every route of these areas is served from a declaration', () => {
  it('registers no route by a path string', () => {
    const app = Fastify();
    const r = new Router(app, {} as Services);
    for (const register of AREAS) register(r);
    const byPath = app.apiRoutes.filter((route) => !route.endpoint).map(key);
    expect(byPath).toEqual([]);
    for (const route of app.apiRoutes) {
      expect(key(route.endpoint!), key(route)).toBe(key(route));
      expect(route.endpoint!.access, key(route)).toEqual(route.access);
    }
  });

  it('serves each declaration exactly once, with its declared access', async () => {
    const app = Fastify();
    const r = new Router(app, {} as Services);
    for (const register of AREAS) register(r);
    const served = app.apiRoutes.map(key);
    const all = declared();
    expect(all.length).toBeGreaterThan(50);
    for (const e of all) {
      expect(
        served.filter((s) => s === key(e)),
        key(e),
      ).toHaveLength(1);
      expect(app.apiRoutes.find((route) => key(route) === key(e))!.access, key(e)).toEqual(e.access);
    }
    expect(served).toHaveLength(all.length);
  });
});

describe('answers match their declared data', () => {
  const t = useApp();
  let admin: string;
  beforeAll(async () => {
    admin = await t.token('admin');
  });

  // Reads only: lists, dropdowns and records (saves and deletes are checked in their own tests).
  const isList = (e: Endpoint) => e.body !== undefined && 'PageSize' in ((e.body as { shape?: object }).shape ?? {});
  const reads = declared().filter(
    (e) =>
      e.data !== noData &&
      e.access !== 'public' &&
      e !== UPLOAD_API.file &&
      (e.method === 'GET' || e.body === undefined || isList(e)),
  );

  it.each(reads.map((e) => [key(e), e] as const))('%s', async (_name, e) => {
    const [product] = (await send(t, PRODUCT_API.dropdown, undefined, admin)).body.ResponseData as {
      ProductId: number;
    }[];
    // Path params as named; the reference calls take their id in the query (0: all).
    const params = { id: 0, productId: product!.ProductId, cCode: 0, sCode: 0 };
    const query = e.method === 'POST' && e.body === undefined;
    const used = Object.fromEntries(
      Object.entries(params).filter(([k]) => e.path.includes(`:${k}`) || (query && k.endsWith('Code'))),
    );
    const body = e.method === 'POST' && e.body !== undefined ? listBody({ PageSize: -1 }) : undefined;
    const res = await send(t, e, body, admin, used);
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  });
});
