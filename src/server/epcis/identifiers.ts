// Every identifier the EPCIS export writes, decided here and nowhere else (docs/epcis.md
// "Identifiers"). A pack of a product with a valid GTIN is a canonical GS1 Digital Link URI
// (https://id.gs1.org/01/{GTIN-14}/21/{uid}; the lot goes in ilmd, not in the URI), its batch the
// LGTIN class /01/{GTIN-14}/10/{lot}. Everything else is the company's own URI under PUBLIC_BASE_URL:
// a pack without a GTIN is the very link printed in its QR ({base}/P?U={uid}), so a scan of it is
// its EPC.
import { codeUrl, parseSlipId, scannedUid, type Series } from '../../shared/codes.js';
import { batchFitsAi10, gtinValid } from '../../shared/digital-link.js';
import type { CodeMac } from '../domain/code-mac.js';

const GS1 = 'https://id.gs1.org';
/** A pack's canonical Digital Link: its serial (AI 21) is the uid. */
const GS1_PACK = /^https:\/\/id\.gs1\.org\/01\/\d{14}\/21\/([0-9A-Za-z]{1,20})$/;

/** A product's GTIN as GS1 writes it in a link (14 digits), or null when it has no valid one. */
export function gtin14(gtin: string | null | undefined): string | null {
  const g = gtin?.trim() ?? '';
  return gtinValid(g) ? g.padStart(14, '0') : null;
}

/** What a pack's and a batch's identifiers need of its product. */
export interface ProductIds {
  id: number;
  gtin: string | null;
}

/** What an EPC names, read back (MATCH_epc, /epcs/{epc}/events). */
export type EpcRef = { kind: 'pack'; series: Series; serial: number } | { kind: 'id'; uri: string };

export interface EpcisIds {
  /** A pack's EPCs, serials from..to of a series, in order (one cipher pass for the range). */
  packs(series: Series, from: number, to: number, product: ProductIds): string[];
  pack(series: Series, serial: number, product: ProductIds): string;
  /** A product batch as an EPC class: LGTIN, or the company's own. */
  batchClass(product: ProductIds, batchNo: string): string;
  /** A SID or TID. */
  carton(id: string): string;
  dispatch(did: string): string;
  /** A dispatch's LR (lorry receipt), the bill of lading. */
  billOfLading(lr: string): string;
  site(siteId: number): string;
  company(companyId: number): string;
  dealer(userId: number): string;
  /** An EPC as a partner sends it, read back to what it names; null when it names nothing of ours. */
  read(epc: string): EpcRef | null;
}

export function epcisIds(publicBaseUrl: string, codes: CodeMac): EpcisIds {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const own = (kind: string, id: string | number) => `${base}/id/${kind}/${encodeURIComponent(String(id))}`;
  const packUri = (uid: string, gtin: string | null) => (gtin ? `${GS1}/01/${gtin}/21/${uid}` : codeUrl(base, uid));
  const cartonPrefix = `${base}/id/carton/`;
  return {
    packs: (series, from, to, product) => {
      const gtin = gtin14(product.gtin);
      return codes.makeRange(series, from, to).map((uid) => packUri(uid, gtin));
    },
    pack: (series, serial, product) => packUri(codes.make(series, serial), gtin14(product.gtin)),
    batchClass: (product, batchNo) => {
      const gtin = gtin14(product.gtin);
      const lot = encodeURIComponent(batchNo);
      // An LGTIN only for a lot GS1's AI 10 can hold (as a printed link): else the company's own class.
      return gtin && batchFitsAi10(batchNo)
        ? `${GS1}/01/${gtin}/10/${lot}`
        : `${base}/id/product/${product.id}/lot/${lot}`;
    },
    carton: (id) => own('carton', id),
    dispatch: (did) => own('dispatch', did),
    billOfLading: (lr) => own('lr', lr),
    site: (siteId) => own('site', siteId),
    company: (companyId) => own('company', companyId),
    dealer: (userId) => own('dealer', userId),
    read(epc) {
      const text = epc.trim();
      const slip = text.startsWith(cartonPrefix) ? parseSlipId(text.slice(cartonPrefix.length)) : null;
      if (slip) return { kind: 'id', uri: own('carton', slip.text) };
      if (text.startsWith(`${base}/id/`)) return { kind: 'id', uri: text };
      const uid = GS1_PACK.exec(text)?.[1] ?? (text.startsWith(`${base}/P?U=`) ? scannedUid(text) : null);
      const code = uid ? codes.check(uid) : null;
      return code ? { kind: 'pack', series: { kind: code.kind, prefix: code.prefix }, serial: code.serial } : null;
    },
  };
}
