// The code routing tables (issue 29 item 3): a code's company and a GTIN's company, found without any
// company's data, kept by the writers that give a company a series or a GTIN (Number Issued, the
// factory and warehouse masters, the product master) in their own transaction.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SERIAL } from '../../src/shared/codes.js';
import { ISSUE_API } from '../../src/shared/contracts/numbers/issue.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { SITE_API } from '../../src/shared/contracts/site.js';
import { codeRoutes, numberIssues, sites } from '../../src/server/db/schema.js';
import { companyOfCode, companyOfGtin } from '../../src/server/domain/code-routes.js';
import { insertCompany } from '../helpers/factories.js';
import { issueBody } from '../helpers/factories-issue.js';
import { productBody } from '../helpers/factories-products.js';
import { factoryBody, insertReference, nextPrefix, warehouseBody } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let admin: string;
let mine: number;
let theirs: number;

beforeAll(async () => {
  await insertReference(t.db);
  admin = await t.token('admin');
  mine = (await insertCompany(t.db)).id;
  theirs = (await insertCompany(t.db)).id;
});

const nextFrom = async () =>
  ((await t.send(ISSUE_API.fromNumber, undefined, admin)).body.ResponseData as { FrmNo: number }).FrmNo;

describe('a preprinted code', () => {
  it("routes to the company it was issued to, from the issue's first number to its last, and no further", async () => {
    const from = await nextFrom();
    expect((await t.send(ISSUE_API.create, issueBody(mine, from, from + 99), admin)).body.ResponseCode).toBe('200');
    expect((await t.send(ISSUE_API.create, issueBody(theirs, from + 100, from + 199), admin)).body.ResponseCode).toBe(
      '200',
    );
    const P = { kind: 'P', prefix: '' } as const;
    expect(await companyOfCode(t.db, P, from)).toBe(mine);
    expect(await companyOfCode(t.db, P, from + 99)).toBe(mine);
    expect(await companyOfCode(t.db, P, from + 100)).toBe(theirs);
    expect(await companyOfCode(t.db, P, from + 200)).toBeNull();
  });

  it('routes nowhere once its issue is deleted (before acceptance), and a refused issue routes nothing', async () => {
    const from = await nextFrom();
    await t.send(ISSUE_API.create, issueBody(mine, from, from + 9), admin);
    const [issue] = await t.db.select().from(numberIssues).where(eq(numberIssues.fromNo, from));
    const routes = async () => t.db.select().from(codeRoutes).where(eq(codeRoutes.kind, 'P'));
    const before = await routes();
    // An overlapping issue is refused, and leaves the routes as they were.
    expect((await t.send(ISSUE_API.create, issueBody(theirs, from + 5, from + 20), admin)).body.ResponseCode).toBe(
      '400',
    );
    expect(await routes()).toEqual(before);
    expect((await t.fetch(ISSUE_API.remove, { id: issue!.id }, admin)).body.ResponseCode).toBe('200');
    expect(await companyOfCode(t.db, { kind: 'P', prefix: '' }, from + 3)).toBeNull();
  });
});

describe('a static code', () => {
  it("routes to its factory's company by the prefix, any serial of the series", async () => {
    const prefix = nextPrefix();
    expect((await t.send(SITE_API.save, factoryBody(mine, { prefix }), admin)).body.ResponseCode).toBe('200');
    const S = { kind: 'S', prefix } as const;
    expect(await companyOfCode(t.db, S, 1)).toBe(mine);
    expect(await companyOfCode(t.db, S, MAX_SERIAL)).toBe(mine);
    expect(await companyOfCode(t.db, { kind: 'S', prefix: prefix.toLowerCase() }, 42)).toBe(mine);
    expect(await companyOfCode(t.db, { kind: 'S', prefix: nextPrefix() }, 42)).toBeNull();
  });

  it("routes a warehouse's prefix too, and a refused save changes no route", async () => {
    const prefix = nextPrefix();
    expect((await t.send(SITE_API.save, warehouseBody(theirs, { prefix }), admin)).body.ResponseCode).toBe('200');
    expect(await companyOfCode(t.db, { kind: 'S', prefix }, 1)).toBe(theirs);
    // Another company's site cannot take the prefix (unique across sites): the route stays.
    expect((await t.send(SITE_API.save, factoryBody(mine, { prefix }), admin)).body.ResponseCode).toBe('400');
    expect(await companyOfCode(t.db, { kind: 'S', prefix }, 1)).toBe(theirs);
  });
});

describe('a GTIN', () => {
  it('routes to the company whose product carries it; nowhere when unknown or claimed by two', async () => {
    const gtin = `89${Date.now() % 1e11}`.padEnd(13, '7');
    expect((await t.send(PRODUCT_API.save, productBody(mine, { gtin }), admin)).body.ResponseCode).toBe('200');
    expect(await companyOfGtin(t.db, gtin)).toBe(mine);
    expect(await companyOfGtin(t.db, ` ${gtin} `)).toBe(mine);
    expect(await companyOfGtin(t.db, '0000000000000')).toBeNull();
    expect((await t.send(PRODUCT_API.save, productBody(theirs, { gtin }), admin)).body.ResponseCode).toBe('200');
    expect(await companyOfGtin(t.db, gtin)).toBeNull();
  });

  it("routes the demo seed's codes and GTINs (written beside the seed's sites and products)", async () => {
    const [ka] = await t.db.select().from(sites).where(eq(sites.prefix, 'KA'));
    expect(await companyOfCode(t.db, { kind: 'S', prefix: 'KA' }, 7)).toBe(ka!.companyId);
    expect(await companyOfCode(t.db, { kind: 'P', prefix: '' }, 1)).toBe(ka!.companyId);
    expect(await companyOfGtin(t.db, '8901030793912')).toBe(ka!.companyId);
  });
});
