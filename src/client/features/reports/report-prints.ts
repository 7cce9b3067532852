// The reports' print actions: a dispatch's invoice (the floor's invoice PDF, from the server's
// invoice data) and a carton's label (its SID or TID as a QR with what it holds).
import type { DispatchInvoice } from '../../floor/dispatch/invoice-data.js';
import { DISPATCH_PRINT } from '@shared/contracts/reports/dispatch.js';
import { call } from '../../api/call.js';
import { saveBytes } from '../../kit/download.js';
import { toastEnvelope } from '../../kit/toast.js';

type Row = Record<string, unknown>;

export async function printDispatchInvoice(row: Row): Promise<void> {
  const env = await call(DISPATCH_PRINT, { DispatchId: String(row.DispatchId) });
  if (env.ResponseCode !== '200') {
    toastEnvelope(env);
    return;
  }
  const { dispatchInvoicePdf } = await import('../../floor/dispatch/invoice-pdf.js');
  const pdf = await dispatchInvoicePdf(env.ResponseData as DispatchInvoice);
  saveBytes(pdf.fileName, pdf.bytes.buffer as ArrayBuffer, 'application/pdf');
}

/** One 90 x 70 mm label: the carton's id as its QR, and the id, count and size name beside it. */
export async function printCartonLabel(row: Row): Promise<void> {
  const id = String(row.CartonId ?? row.Cartonid ?? '');
  const { labelSheet } = await import('../../print/label-sheet.js');
  const lines = [id, row.Qty !== undefined ? `Qty ${String(row.Qty)}` : '', String(row.CartonName ?? '')].filter(
    Boolean,
  );
  saveBytes(`${id}.pdf`, await labelSheet([{ qr: id, lines }], 'single-90x70'), 'application/pdf');
}
