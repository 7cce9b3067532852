// A backup that restores, end to end on the real server process (`npm start`'s main.ts) on PGlite in a
// DATA_DIR of its own, or (DATABASE_URL set) on a PostgreSQL database of its own: codes mapped, a carton
// packed, an image uploaded and farmers' verifications earning points, all through the API; then
// `npm run backup` (the real command) in the middle of a stream of verifications. The data is wiped,
// `npm run restore` brings it back, and every verification, point and carton acknowledged before the
// backup started is there (the API of the restarted server, and SQL on PostgreSQL), the upload too,
// and a token signed before the backup still works (the JWT secret came back with the database).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { codeUrl, makeSlipId } from '../../src/shared/codes.js';
import { SCHEME_API } from '../../src/shared/contracts/loyalty/scheme.js';
import { POINTS_API } from '../../src/shared/contracts/loyalty/points.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { VERIFY_API, type VerifyAnswer } from '../../src/shared/contracts/public/verify.js';
import { UPLOAD_API } from '../../src/shared/contracts/upload.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { items, pointEntries, uploads, verifications } from '../../src/server/db/schema.js';
import {
  call,
  CODE_SECRET,
  makeStore,
  npmRun,
  signIn,
  type Answer,
  type Factory,
  type Store,
} from '../helpers/backup-world.js';
import { listBody } from '../helpers/factories.js';
import { secondaryBody } from '../helpers/factories-floor.js';
import { inDays, today } from '../helpers/factories-loyalty.js';
import { mapBody } from '../helpers/factories-mapping.js';
import { staticSeries } from '../helpers/factories-pairs.js';
import { filePart, multipart } from '../helpers/factories-products.js';
import { freePort, ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const PG = Boolean(process.env.DATABASE_URL);
const codes = codeMac(CODE_SECRET);
const EARLY = '9876511111';
const DURING = '9876522222';
const POINTS = 10;

let store: Store | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await store?.remove();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function must(what: string, a: Answer): unknown {
  if (a.body.ResponseCode !== '200') throw new Error(`${what}: ${a.status} ${a.body.ResponseMessage}`);
  return a.body.ResponseData;
}

async function start(s: Store): Promise<ServerProcess> {
  return startServerProcess({
    port: await freePort(),
    dataDir: s.dataDir,
    codeSecret: CODE_SECRET,
    clientDir: s.clientDir,
    logFile: join(s.root, 'server.log'),
    env: { VERIFY_LIMIT_PER_ADDRESS: '1000000' },
    ...(s.databaseUrl ? { databaseUrl: s.databaseUrl } : {}),
  });
}

/** A farmer's verification of pack `serial` with their details (the page's second call). */
const verify = (origin: string, f: Factory, serial: number, mobile: string) => {
  const uid = codes.make(staticSeries(f.prefix), serial);
  return call(origin, VERIFY_API.verify, {
    verificationMode: 'Web',
    verificationType: 2,
    qrData: codeUrl(origin, uid),
    UID: uid,
    isFormFilled: true,
    Name: 'Sita Devi',
    email: '',
    MobileNo: mobile,
  });
};

interface Acked {
  serial: number;
  feedbackId: string;
  /** Answered before the backup command was started. */
  before: boolean;
}

/** SQL: every verification answered before the backup started, with its points; the carton; the upload's record. */
async function sqlChecks(s: Store, before: Acked[], sid: string, stored: string) {
  const database = await s.open();
  try {
    const db = database.db;
    const serials = before.map((a) => a.serial).sort((a, b) => a - b);
    const found = await db
      .select({ serial: verifications.serial, points: pointEntries.points })
      .from(verifications)
      .innerJoin(pointEntries, eq(pointEntries.verificationId, verifications.id))
      .where(inArray(verifications.serial, serials));
    expect(found.map((r) => Number(r.serial)).sort((a, b) => a - b)).toEqual(serials);
    expect(found.every((r) => r.points === POINTS)).toBe(true);
    const inside = await db.select({ n: items.serialNo }).from(items).where(eq(items.secondaryId, sid));
    expect(inside.map((r) => Number(r.n)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(await db.select().from(uploads).where(eq(uploads.storedName, stored))).toHaveLength(1);
  } finally {
    await database.close();
  }
}

it('a backup taken mid-traffic restores every acknowledged carton, verification and point, and the uploads', async () => {
  const made = await makeStore({ factory: true });
  store = made;
  const f = made.factory;
  server = await start(store);
  let o = server.baseUrl;
  const token = await signIn(o, f.email, f.password);

  // The work: codes mapped, a farmers' scheme, a carton packed, an image uploaded, packs verified.
  must('mapping', await call(o, MAPPING_API.save, mapBody(f.productId, 1, 2000, { BatchNo: 'BK-1' }), token));
  const scheme = {
    SchemeId: 0,
    ProductId: f.productId,
    Utype: 3,
    SchemeName: 'Backup kharif',
    Schemedescription: 'Farmer points',
    StartDate: today(),
    EndDate: inDays(30),
    LoyaltyPoints: POINTS,
    IsActive: true,
  };
  must('scheme', await call(o, SCHEME_API.save, scheme, token));
  const sid = makeSlipId('SID', 26, f.prefix, 1);
  const packed = codes.makeRange(staticSeries(f.prefix), 1, 5);
  must('packing', await call(o, PACKING_API.secondarySave, secondaryBody(f.cartonId, packed, sid), token));
  const png = readFileSync(join(ROOT, 'tests/fixtures/uploads/sample.png'));
  const form = multipart([filePart(png, 'leaf.png', 'image/png')]);
  const up = await fetch(`${o}/API/api/${UPLOAD_API.file.path}?type=image`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(form.payload),
  });
  const source = ((await up.json()) as { ResponseData: { Source: string } }).ResponseData.Source;
  expect(source).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

  const acked: Acked[] = [];
  const earn = async (serial: number, mobile: string, before: () => boolean) => {
    const data = must(`verify ${serial}`, await verify(o, f, serial, mobile)) as VerifyAnswer;
    expect(data).toMatchObject({ Isloyalty: true, LoyaltyPoints: POINTS });
    acked.push({ serial, feedbackId: data.FeedbackId, before: before() });
  };
  for (let serial = 10; serial < 20; serial++) await earn(serial, EARLY, () => true);

  // Verifications keep coming while the backup runs; what was answered before it started must come back.
  let backupStarted = false;
  let running = true;
  const traffic = (async () => {
    for (let serial = 100; running; serial++) await earn(serial, DURING, () => !backupStarted);
  })();
  while (acked.filter((a) => a.serial >= 100).length < 5) await sleep(20);
  const file = join(store.root, 'site.tar');
  backupStarted = true;
  const backup = await npmRun(store, 'backup', ['--out', file]);
  const duringBackup = acked.filter((a) => !a.before).length;
  await sleep(200);
  running = false;
  await traffic;
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toContain(`Backup written: ${file}`);
  expect(backup.stdout).toContain(PG ? 'from pg_dump' : 'from the running server');
  expect(backup.stdout).toContain('1 upload');
  expect(backup.stdout).toContain('CODE_SECRET is set in the environment, so this backup does not hold it');
  // The traffic did run during the backup.
  expect(duringBackup).toBeGreaterThan(0);

  if (!PG) {
    // While the server holds the folder, a restore is refused and the server goes on.
    const busy = await npmRun(store, 'restore', [file]);
    expect(busy.code).toBe(6);
    expect(busy.stderr.trim()).toMatch(/is in use by a running server \(process \d+\): stop it first\.$/);
    expect((await fetch(`${o}/API/health`)).status).toBe(200);
  }

  await server.stop();
  server = undefined;
  await store.wipe();
  const restored = await npmRun(store, 'restore', [file]);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  expect(restored.stdout).toMatch(/^Restored .*site\.tar .*: the (pglite|postgres) database and 1 upload\./);
  expect(restored.stdout).toContain('start the server with the same CODE_SECRET');

  const before = acked.filter((a) => a.before);
  expect(before.length).toBeGreaterThanOrEqual(15);

  // The API of the restarted server: the old token still signs in (the secret came back), the carton is
  // listed, the points are there, the packs were verified before and earn nothing again, the image serves.
  server = await start(store);
  o = server.baseUrl;
  // SQL beside the server on PostgreSQL; on PGlite the server owns the folder, and the calls below
  // show every acknowledged verification and point there too.
  if (PG) await sqlChecks(store, before, sid, source.slice('/uploads/'.length));
  const list = must('cartons', await call(o, PACKING_API.secondaryList, listBody({ PageSize: -1 }), token)) as Array<{
    CartonId: string;
    TotalQty: number;
  }>;
  expect(list.find((r) => r.CartonId === sid)).toMatchObject({ TotalQty: 5 });
  const early = before.filter((a) => a.serial < 100);
  const mine = must('points', await call(o, POINTS_API.mine, { UsrId: early[0]!.feedbackId, MobNo: EARLY })) as {
    Balance: number;
  };
  expect(mine.Balance).toBe(early.length * POINTS);
  const lateBefore = before.filter((a) => a.serial >= 100);
  const late = must('points', await call(o, POINTS_API.mine, { UsrId: lateBefore[0]!.feedbackId, MobNo: DURING })) as {
    Balance: number;
  };
  expect(late.Balance).toBeGreaterThanOrEqual(lateBefore.length * POINTS);
  // Each pack answered before the backup: verified once before, and its points already earned.
  for (const a of before) {
    const again = must('verify again', await verify(o, f, a.serial, '9876533333')) as VerifyAnswer;
    expect(again, `pack ${a.serial}`).toMatchObject({ VerifiedBefore: 1, LoyaltyPoints: 0 });
  }
  const image = await fetch(`${o}${source}`);
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
}, 180_000);
