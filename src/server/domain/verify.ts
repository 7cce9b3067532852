// The public verification (ProductAuthentication/VerifyProduct; DESIGN section 4, issue 13): what a
// scanned code is, answered for a visitor with no sign-in, and stored whatever the answer. The MAC is
// checked first, so a forged code is refused before any read (its row is the only write). A genuine
// pack's first genuine verification is its owner's; each later one is answered genuine with a warning
// naming the first (date and place) and stored with the 'verified-before' flag. What the pack is now
// (damaged with its carton, de-mapped, replaced, recalled, expired) and whether it pays is the
// lifecycle's (src/shared/lifecycle): this file gathers the facts and asks it.
import { randomBytes } from 'node:crypto';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { failure, ok, type Envelope } from '../../shared/contracts/envelope.js';
import { feedbackIdOf } from '../../shared/contracts/loyalty/points.js';
import { VERIFY_CODE, VERIFY_MSG, type VerifyAnswer } from '../../shared/contracts/public/verify.js';
import type { ParsedUid, Series } from '../../shared/codes.js';
import { linkDisagrees, parseDigitalLink } from '../../shared/digital-link.js';
import { events, NO_COMPANY, verifications } from '../db/schema.js';
import {
  isExpired,
  NO_FLAGS,
  packRefusal,
  packStateOf,
  verdictOf,
  type PackRow,
} from '../../shared/lifecycle/index.js';
import type { CodeMac } from './code-mac.js';
import { nearestPlace } from './places.js';
import type { Tx } from './ranges.js';
import { resolveGeneral } from './resolve.js';
import { earnForPack, type EarnedByPack } from './points.js';
import { pointsOf, type SchemeInForce } from './schemes-in-force.js';
import { indiaDate } from '../../shared/today.js';
import { isFar, placeKey, riskFlags } from './verify-risk.js';
import { detailsOf, mappedPack } from './verify-details.js';
import { directReads, type VerifyReadsOf } from './verify-reads.js';

export { VERIFY_FLAG, VERIFY_RISK } from './verify-risk.js';

export interface VerifyInput {
  UID: string;
  qrData: string;
  verificationMode: string;
  UsrCity: string;
  UsrState: string;
  UsrCntry: string;
  UsrAdrs: string;
  UsrZip: string;
  Latitude: number | null;
  Longitude: number | null;
  visitor: { Name: string; email: string; MobileNo: string } | null;
}

/** A row to store; the company may be left out (a forged or unknown code's: NO_COMPANY). */
export type Row = Omit<typeof verifications.$inferInsert, 'companyId'> & { companyId?: number };

const P = (name: string) => sql.placeholder(name);

/** The visitor's side of the row: who, where, from which address. Given a position, the place is our
 *  own lookup (domain/places.ts): the nearest city, its state, and the PIN area (the sorting district,
 *  the PIN's first three digits: the shipped PIN points are too coarse for the whole PIN); otherwise
 *  what the page sent. */
function visitorRow(b: VerifyInput, ip: string): Omit<Row, 'scan' | 'result' | 'message'> {
  const found = b.Latitude !== null && b.Longitude !== null ? nearestPlace(b.Latitude, b.Longitude) : null;
  const where = found
    ? {
        city: found.city,
        state: found.state,
        country: 'India',
        address: b.UsrAdrs || null,
        zip: found.pin.slice(0, 3) || null,
      }
    : {
        city: b.UsrCity || null,
        state: b.UsrState || null,
        country: b.UsrCntry || null,
        address: b.UsrAdrs || null,
        zip: b.UsrZip || null,
      };
  return {
    name: b.visitor?.Name || null,
    email: b.visitor?.email || null,
    mobile: b.visitor?.MobileNo || null,
    ...where,
    latitude: b.Latitude,
    longitude: b.Longitude,
    ip: ip.slice(0, 64),
    mode: b.verificationMode || null,
  };
}

/** How an Indian visitor reads a date: 24 Nov 2026. */
const SHOWN_DATE = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const shownDate = (d: Date) => SHOWN_DATE.format(d);

/** A series' prefix as rows store it: a static series' in capitals, none for the preprinted one. */
const prefixOf = (s: Series) => (s.kind === 'S' ? s.prefix.toUpperCase() : '');

/** Was this number of the series de-mapped (it is unmapped now, and a de-mapping covered it)? */
async function wasDemapped(tx: Tx, series: Series, serial: number): Promise<boolean> {
  const [hit] = await tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.action, 'demap'),
        eq(events.kind, series.kind),
        eq(events.prefix, prefixOf(series)),
        lte(events.fromNo, serial),
        gte(events.toNo, serial),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/** The secret of the FeedbackId a genuine verification's visitor alone receives: 128 random bits, base64url. */
const feedbackKey = () => randomBytes(16).toString('base64url');

/** Every column a verification row may carry, as the prepared insert names them. */
export const STORED = [
  'at',
  'scan',
  'kind',
  'prefix',
  'serial',
  'companyId',
  'productId',
  'mappingId',
  'result',
  'message',
  'name',
  'email',
  'mobile',
  'city',
  'state',
  'country',
  'address',
  'zip',
  'latitude',
  'longitude',
  'ip',
  'mode',
  'flags',
  'feedbackKey',
] as const satisfies readonly (keyof Row)[];

const storeQuery = (tx: Tx) =>
  tx
    .insert(verifications)
    .values(Object.fromEntries(STORED.map((k) => [k, P(k)])) as unknown as typeof verifications.$inferInsert)
    .returning({ id: verifications.id })
    .prepare('verify_store');
const preparedStore = new WeakMap<object, ReturnType<typeof storeQuery>>();

/** A row's values as stored: every column named (null when not given), the time now, no flags, a
 *  forged or unknown code's company 0 (NO_COMPANY). */
export function storedValues(row: Row): typeof verifications.$inferInsert {
  const values: Record<string, unknown> = Object.fromEntries(STORED.map((k) => [k, row[k] ?? null]));
  values.companyId = row.companyId ?? NO_COMPANY;
  values.at = row.at ?? new Date();
  values.flags = row.flags ?? [];
  return values as typeof verifications.$inferInsert;
}

/** Stores a verification alone (one prepared statement). */
async function store(tx: Tx, row: Row): Promise<number> {
  let q = preparedStore.get(tx);
  if (!q) preparedStore.set(tx, (q = storeQuery(tx)));
  return (await q.execute(storedValues(row)))[0]!.id;
}

/** What a verification answered, and the row it stored (the street address is added to it later). */
export interface Verified {
  answer: Envelope<VerifyAnswer | null>;
  id: number;
}

/** A verification decided, not yet stored: its row; the points it books, when it earns (then it is
 *  stored alone, in one transaction with them: a pack's points always name the verification that
 *  earned them); and its answer once the row's id (and the points booked) are known. */
export interface Decided {
  row: Row;
  earn: { pack: Omit<EarnedByPack, 'verificationId'>; schemes: SchemeInForce[] } | null;
  answer: (id: number, earned: number) => Envelope<VerifyAnswer | null>;
}

export async function verifyProduct(
  tx: Tx,
  codes: CodeMac,
  b: VerifyInput,
  ip: string,
): Promise<Envelope<VerifyAnswer | null>> {
  return (await verifyAndStore(tx, codes, b, ip)).answer;
}

/** Decides and stores one verification, alone (the route groups its rows: verify-groups.ts). */
export async function verifyAndStore(tx: Tx, codes: CodeMac, b: VerifyInput, ip: string): Promise<Verified> {
  return storeDecided(tx, await decideVerification(tx, codes, b, ip));
}

/** Stores one decided verification alone, with its points when it earns. */
export async function storeDecided(tx: Tx, d: Decided): Promise<Verified> {
  const earn = d.earn;
  if (!earn) {
    const id = await store(tx, d.row);
    return { id, answer: d.answer(id, 0) };
  }
  const { id, earned } = await tx.transaction(async (t) => {
    const vid = await store(t, d.row);
    return { id: vid, earned: await earnForPack(t, { ...earn.pack, verificationId: vid }, earn.schemes) };
  });
  return { id, answer: d.answer(id, earned) };
}

/** What the general path reads of a code that is not static, or not mapped (resolve.ts): what it
 *  is, whether a de-mapping covered it, and the pack's details when it is whole. */
async function generalFacts(tx: Tx, code: ParsedUid, state: string | null, day: string) {
  const found = await resolveGeneral(tx, code);
  if (found.state === 'unmapped') return { found, demapped: await wasDemapped(tx, code, code.serial), details: null };
  if (found.state !== 'mapped') return { found, demapped: false, details: null };
  const s = found.series;
  const pack = { kind: s.kind, prefix: prefixOf(s), serial: found.serial };
  return { found, demapped: false, details: await detailsOf(tx, found.mapping, pack, state, day) };
}

/** What a verification answers and stores, from every read it makes (one statement for a static
 *  code, the common case); nothing is written. */
export async function decideVerification(
  tx: Tx,
  codes: CodeMac,
  b: VerifyInput,
  ip: string,
  reads: VerifyReadsOf = directReads(tx),
): Promise<Decided> {
  const scan = b.UID.slice(0, 500);
  const who = visitorRow(b, ip);
  const refuse = (message: string, row: Partial<Row> = {}): Decided => ({
    row: { ...who, ...row, scan, result: VERIFY_CODE.refused, message },
    earn: null,
    answer: () => failure(VERIFY_CODE.refused, message),
  });
  const code = codes.check(b.UID);
  if (!code) return refuse(VERIFY_MSG.forged);
  const today = indiaDate();
  const state = who.state ?? null;
  // A static code: its lookup and its pack's details in one statement, shared with the verifications
  // waiting beside it; else (or when it is not mapped) the general path's reads, alone.
  const first = code.kind === 'S' ? await reads.lookup(code, state, today) : null;
  const facts = first?.found
    ? { found: first.found, demapped: false, details: first.details }
    : await reads.alone(() => generalFacts(tx, code, state, today));
  const found = facts.found;
  // A void code (never mapped, de-mapped, replaced, damaged by range): the lifecycle's verdict from
  // what the code resolved to, before any other read (the state decides ahead of the flags).
  const voidVerdict = (row: PackRow, reason: string | null = null) =>
    verdictOf({ code: code.uid, state: packStateOf(row), flags: NO_FLAGS, reason }).refusal ?? VERIFY_MSG.unmapped;
  if (found.state === 'unmapped')
    return refuse(voidVerdict({ mapped: false, demapped: facts.demapped }), {
      kind: code.kind,
      prefix: prefixOf(code),
      serial: code.serial,
    });
  const packRow = { kind: found.series.kind, prefix: prefixOf(found.series), serial: found.serial };
  if (found.state === 'replaced')
    return refuse(voidVerdict({ mapped: true, replaced: true }), { ...packRow, companyId: found.companyId });
  const m = found.mapping;
  const mapped = { ...packRow, companyId: m.companyId, productId: m.productId, mappingId: m.id };
  if (found.state === 'damaged')
    return refuse(voidVerdict({ mapped: true, damagedRange: true }, found.damageReason ?? ''), mapped);
  if (!facts.details) throw new Error(`a mapped code without its details: ${code.uid}`);
  const { product: p, company, pay, earned: paidBefore, earlier, recalled, packed, sentTo } = facts.details;
  // The pack now (damaged with its carton, emptied into another) and the batch's flags today.
  const pack = mappedPack(code.uid, packed, { recalled, expired: isExpired(m.expDate, today) ? m.expDate : null });
  const verdict = verdictOf(pack);
  if (verdict.refusal !== null) return refuse(verdict.refusal, mapped);
  // A Digital Link (scanned, or the page's own address) must say what the code's record says.
  const link = [b.UID, b.qrData]
    .map((text) => parseDigitalLink(text))
    .find((l) => l !== null && codes.check(l.uid)?.uid === code.uid);
  const wrong = link
    ? linkDisagrees(link, { gtin: p?.gtin ?? null, batch: m.batchNo, mfgDate: m.mfgDate, expDate: m.expDate })
    : null;
  if (wrong) return refuse(VERIFY_MSG.labelMismatch(wrong), mapped);

  // Loyalty: the farmer's schemes for this pack here and today, when the lifecycle lets it pay (not
  // expired); a pack not yet paid asks for the visitor's name and mobile first ('-3'), and the
  // verification that brings them earns its points.
  const paying = packRefusal('earn', pack) === null && pointsOf(pay).points > 0;
  const loyalty = paying && !paidBefore;
  if (loyalty && !b.visitor)
    return {
      row: { ...who, ...mapped, scan, result: VERIFY_CODE.details, message: VERIFY_MSG.detailsNeeded },
      earn: null,
      answer: () => failure(VERIFY_CODE.details, VERIFY_MSG.detailsNeeded),
    };

  const flags = riskFlags(earlier, placeKey(who.city ?? null, state), isFar(sentTo, b));
  const firstPlace = earlier.first ? [earlier.first.city, earlier.first.state].filter(Boolean).join(', ') : '';
  // An expired pack's warning leads: it matters more to the farmer than an earlier verification.
  const message =
    verdict.warning ??
    (earlier.first
      ? VERIFY_MSG.verifiedBefore(earlier.times, shownDate(earlier.first.at), firstPlace)
      : VERIFY_MSG.genuine);
  const at = new Date();
  const key = feedbackKey();
  const row: Row = { ...who, ...mapped, at, scan, result: VERIFY_CODE.genuine, message, flags, feedbackKey: key };
  const earn =
    loyalty && b.visitor
      ? {
          pack: {
            companyId: m.companyId,
            mobile: b.visitor.MobileNo,
            name: b.visitor.Name,
            pack: packRow,
            productName: p?.name ?? '',
          },
          schemes: pay,
        }
      : null;
  const config = p?.config ?? {};
  const answer = (id: number, earned: number) =>
    ok<VerifyAnswer>(
      {
        FeedbackId: feedbackIdOf(id, key),
        Isloyalty: paying,
        LoyaltyPoints: earned,
        ProductImg: config.IsProductImage === false ? '' : (p?.image ?? ''),
        GenuineAudio: p?.genuineAudio ?? '',
        CreatedDt: at.toISOString(),
        ProductName: p?.name ?? '',
        ProductDscrptn: p?.description ?? '',
        TechnicalName: p?.technicalName ?? '',
        GTIN: p?.gtin ?? '',
        BatchNo: m.batchNo,
        MFGDate: m.mfgDate,
        ExpireDate: m.expDate ?? '',
        Pamphlet: p?.leafletPdf ?? '',
        Label: p?.labelPdf ?? '',
        CustomerCareTollfreeNo: '',
        CustomerCareNo: company?.mobile ?? '',
        ProductCd: p?.code ?? '',
        ManufactureName: p?.manufactureName ?? '',
        ProductUOM: p?.uom ?? '',
        MarketedBy: p?.marketedBy || (company?.name ?? ''),
        RegistrationNo: p?.registrationNo ?? '',
        DOM: m.mfgDate,
        CautionarySymbol: p?.cautionarySymbol ?? '',
        AntidoteStatement: p?.antidoteStatement ?? '',
        IsFeedback: config.IsFeedback === true,
        SchemeName: earned > 0 ? pointsOf(pay).names : '',
        VerifiedBefore: earlier.times,
        FirstVerifiedDt: earlier.first ? earlier.first.at.toISOString() : null,
        FirstVerifiedPlace: firstPlace,
        Flags: flags,
        Expired: pack.flags.expired !== null,
      },
      message,
    );
  return { row, earn, answer };
}
