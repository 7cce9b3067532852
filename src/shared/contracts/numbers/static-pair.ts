// Static Qr Mapping (spec 2 sections 2, 3, 4, 5, 7; DESIGN section 4): a static code and a preprinted
// code on the same pack are paired, and either then resolves to the same item; and the product-by-QR
// lookup the floor screens share. A scan is a uid or the whole QR URL ({PUBLIC_BASE_URL}/P?U={uid}).
import { z } from 'zod';
import { parseUid, scannedUid, visibleNumber, type ParsedUid, type SeriesKind } from '../../codes.js';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { col, listContract } from '../list-contract.js';

/** 'KA400001' for a static code, '90001' for a preprinted one. */
const shown = (c: { kind: SeriesKind; prefix: string }, serial: number) => visibleNumber(c, serial);

export const PAIR_MSG = {
  /** Spec 2 section 5: a scan that carries no code of ours. */
  invalidScan: 'Invalid scanned Qr',
  staticIsPreprinted: 'Invalid scanned Qr: this is a preprinted code, scan the static code first.',
  preprintedIsStatic: 'Invalid scanned Qr: this is a static code, scan the preprinted code of the same pack.',
  staticForged: 'The static code is not genuine.',
  preprintedForged: 'The preprinted code is not genuine.',
  noCompany: 'Only a user of a company can pair codes.',
  noPrefix: 'Static codes belong to a factory: your account has no factory prefix.',
  otherPrefix: (code: string, own: string) =>
    `Static code ${code} is not of your factory prefix ${own}: you can pair only your own static codes.`,
  staticUnmapped: (code: string) => `Static code ${code} is not mapped: map it in Mapping before pairing.`,
  staticDamaged: (code: string, reason: string) =>
    `Static code ${code} is damaged (${reason}): a damaged code cannot be paired.`,
  staticPaired: (code: string, preprinted: number) =>
    `Static code ${code} is already paired with preprinted number ${preprinted}.`,
  notInStock: (n: number) =>
    `Preprinted number ${n} is not in your accepted stock: accept issued numbers in Stock Management first.`,
  preprintedMapped: (n: number, product: string, batch: string) =>
    `Preprinted number ${n} is already mapped (${product}, batch ${batch}): a mapped preprinted code cannot be paired.`,
  preprintedDamaged: (n: number, reason: string) =>
    `Preprinted number ${n} is damaged (${reason}): a damaged code cannot be paired.`,
  preprintedPaired: (n: number, code: string) => `Preprinted number ${n} is already paired with static code ${code}.`,
  saved: (code: string, n: number) => `Static code ${code} paired with preprinted number ${n}.`,
} as const;

export const QR_SCAN_MSG = {
  invalidScan: PAIR_MSG.invalidScan,
  forged: 'This code is not genuine.',
  unmapped: (code: string) => `Code ${code} is not mapped to any product.`,
  /** Another company's code, or a preprinted one not accepted: nothing more is said of it. */
  notOurs: (code: string) => `Code ${code} is not in your accepted stock.`,
  damaged: (code: string, reason: string) => `Code ${code} is damaged (${reason}).`,
  /** Retired for good by Replace: the code that took its place. */
  replaced: (code: string, by: string) => `Code ${code} was replaced by ${by}: it is retired for good.`,
} as const;

/** The uid of a scan when it is a code of kind `kind` (read without the secret), else the message to show. */
export function scanOfKind(scan: string, kind: SeriesKind): { code: ParsedUid } | { message: string } {
  const code = parseUid(scannedUid(scan));
  if (!code) return { message: PAIR_MSG.invalidScan };
  if (code.kind !== kind) return { message: kind === 'S' ? PAIR_MSG.staticIsPreprinted : PAIR_MSG.preprintedIsStatic };
  return { code };
}

/** The readable number of a parsed code, as messages and the table write it. */
export const codeText = (c: ParsedUid) => shown(c, c.serial);

const scanField = (kind: SeriesKind) =>
  z
    .string({ error: PAIR_MSG.invalidScan })
    .max(500, PAIR_MSG.invalidScan)
    .transform((s, ctx) => {
      const r = scanOfKind(s, kind);
      if ('message' in r) {
        ctx.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      }
      // The canonical uid: the server checks its MAC before any database access.
      return r.code.uid;
    });

/** Mapping/CreateStaticQrMapping: the two scans, static first as the screen takes them. */
export const staticPairRequest = z.strictObject({
  StaticEncryptedQr: scanField('S'),
  PreprintedEncryptedQr: scanField('P'),
});
export type StaticPairRequest = z.input<typeof staticPairRequest>;

/** Mapping/GetProductByQrScan: one scan of either kind. */
export const qrScanRequest = z.strictObject({
  UID: z
    .string({ error: QR_SCAN_MSG.invalidScan })
    .max(500, QR_SCAN_MSG.invalidScan)
    .refine((s) => parseUid(scannedUid(s)) !== null, QR_SCAN_MSG.invalidScan),
});
export type QrScanRequest = z.input<typeof qrScanRequest>;

/** A row of Mapping/GetStaticQrMappings. */
export const staticPairRow = z.strictObject({
  StaticQrMappingId: z.number(),
  ProductName: z.string(),
  StaticSeqNo: z.number(),
  PreprintedSeqNo: z.number(),
  Prefix: z.string(),
  CreatedDate: z.string(),
  TotalRows: z.number(),
});
export type StaticPairRow = z.infer<typeof staticPairRow>;

/** CreateStaticQrMapping's answer: the pair saved. */
export const staticPairSaved = z.strictObject({
  StaticQrMappingId: z.number(),
  StaticSeqNo: z.number(),
  PreprintedSeqNo: z.number(),
  Prefix: z.string(),
});

/** Mapping/GetProductByQrScan's answer for a mapped, undamaged code. */
export const qrScanProduct = z.strictObject({
  Uid: z.string(),
  ProductId: z.number(),
  ProductName: z.string(),
  ProductCd: z.string(),
  BatchNo: z.string(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  Mrp: z.number().nullable(),
  /** The scanned code's serial, its printed number, its prefix ('' for preprinted) and kind. */
  SeqNo: z.number(),
  VisibleNo: z.string(),
  Prefix: z.string(),
  isPreprinted: z.boolean(),
  MappingId: z.number(),
  /** The static code a paired preprinted code resolves through (e.g. 'KA400001'), else null. */
  PairedVisibleNo: z.string().nullable(),
});
export type QrScanProduct = z.infer<typeof qrScanProduct>;

const pairAccess = { pages: [PAGE.mapStaticNumber] };

/** The pairs: newest first; a factory user sees their own prefix's. */
export const STATIC_PAIR_LIST = listContract({
  page: PAGE.mapStaticNumber,
  list: 'Mapping/GetStaticQrMappings',
  row: staticPairRow,
  columns: [
    col('ProductName', 'Product Name'),
    col('StaticSeqNo', 'Static SeqNo.'),
    col('PreprintedSeqNo', 'Preprinted SeqNo'),
    col('Prefix', 'Prefix'),
  ],
  sortKeys: ['CreatedDate'],
  defaultSort: 'CreatedDate',
  rowKey: 'StaticQrMappingId',
});

export const STATIC_PAIR_API = {
  create: postEndpoint('Mapping/CreateStaticQrMapping', pairAccess, staticPairRequest, staticPairSaved),
  list: STATIC_PAIR_LIST.api.list,
  /** The screens that scan a code and need its product: mapping, and the floor screens. */
  qrScan: postEndpoint(
    'Mapping/GetProductByQrScan',
    {
      pages: [
        PAGE.mapping,
        PAGE.mapStaticNumber,
        PAGE.secondaryPacking,
        PAGE.tertiaryPacking,
        PAGE.replace,
        PAGE.dispatch,
      ],
    },
    qrScanRequest,
    qrScanProduct,
  ),
};
