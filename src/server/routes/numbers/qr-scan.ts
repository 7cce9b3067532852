// Mapping/GetProductByQrScan (spec 2 section 7): what product and batch a scanned code is on. '200'
// with the product when mapped; otherwise '400' with why (damaged, or replaced: naming the code that
// took its place). A forged code never reaches the database.
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { QR_SCAN_MSG, STATIC_PAIR_API, type QrScanProduct } from '../../../shared/contracts/numbers/static-pair.js';
import { visibleNumber } from '../../../shared/codes.js';
import { ownsCode, productOf, resolveScan } from '../../domain/resolve.js';
import type { Router } from '../../http/route.js';

export function qrScanRoutes(r: Router) {
  r.serve(STATIC_PAIR_API.qrScan, async ({ db, body, caller, codes }) => {
    const genuine = codes.check(body.UID);
    if (!genuine) return warn(QR_SCAN_MSG.forged);
    const shown = visibleNumber(genuine, genuine.serial);
    // Another company's code: one answer, decided before its mapping is looked at.
    if (!(await ownsCode(db, caller, genuine))) return warn(QR_SCAN_MSG.notOurs(shown));
    const found = await resolveScan(db, codes, body.UID);
    if (found.state === 'forged') return warn(QR_SCAN_MSG.forged);
    const code = found.code;
    if (found.state === 'replaced') {
      return caller.isAdmin || found.companyId === caller.companyId
        ? warn(QR_SCAN_MSG.replaced(shown, visibleNumber(found.by.series, found.by.serial)))
        : warn(QR_SCAN_MSG.unmapped(shown));
    }
    if (found.state === 'unmapped' || (!caller.isAdmin && found.mapping.companyId !== caller.companyId)) {
      return warn(QR_SCAN_MSG.unmapped(shown));
    }
    if (found.state === 'damaged') return warn(QR_SCAN_MSG.damaged(shown, found.damageReason ?? ''));
    const m = found.mapping;
    const product = await productOf(db, m.productId);
    const paired = found.series.kind !== code.kind;
    const answer: QrScanProduct = {
      Uid: code.uid,
      ProductId: m.productId,
      ProductName: product?.name ?? '',
      ProductCd: product?.code ?? '',
      BatchNo: m.batchNo,
      MFGDate: m.mfgDate,
      EXPDate: m.expDate,
      Mrp: m.mrp === null ? null : Number(m.mrp),
      SeqNo: code.serial,
      VisibleNo: shown,
      Prefix: code.prefix,
      isPreprinted: code.kind === 'P',
      MappingId: m.id,
      PairedVisibleNo: paired ? visibleNumber(found.series, found.serial) : null,
    };
    return ok(answer);
  });
}
