// Older stock first (FIFO), the one flow of every floor screen that takes stock in order (Secondary
// and Tertiary Packing, Dispatch): a scan refused because an older carton of the product waits opens
// the dialog (Continue with the latest stock, or the Older Stock List); Continue checks the scan again
// with newer stock accepted and adds it, and at Submit the approval remark is asked before anything
// else. The rule itself is the screen's check (scan-rules.ts, dispatch-rules.ts); the server checks it
// again and keeps the remark.
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import type { StockCarton } from '@shared/contracts/floor/dispatch.js';
import { OlderStockDialog, RemarkDialog } from './floor-dialogs.js';
import type { ScanBoxHandle, ScanVerdict } from './scan-box.js';
import { en } from './words/en.js';

/** The screen's words (PACKING_MSG, DISPATCH_MSG). */
export interface OlderStockText {
  olderStock: string;
  olderStockTitle: string;
  approvalTitle: string;
  approvalRequired: string;
}

/** A scan checked on the device: a row to add, or a refusal, with the older stock when that is why. */
export type OlderStockOutcome<R> =
  { ok: true; row: R } | { ok: false; message: string; older?: readonly StockCarton[] };

export interface OlderStockOptions<R> {
  text: OlderStockText;
  box: RefObject<ScanBoxHandle | null>;
  productName: (id: number) => string;
  /** The scan checked on the device; `acceptNewer`: go on with newer stock (or the form already does). */
  check: (scan: string, acceptNewer: boolean) => OlderStockOutcome<R>;
  /** Adds the row; `acceptNewer` marks the form as having newer stock accepted (its remark is due). */
  add: (row: R, acceptNewer: boolean) => Promise<ScanVerdict>;
}

export interface OlderStockFlow {
  /** One of the flow's dialogs is open: the scan box waits. */
  open: boolean;
  /** A scan: added, or refused (for older stock, the dialog opens too). */
  scan: (text: string) => ScanVerdict | Promise<ScanVerdict>;
  /** At Submit: newer stock accepted without a remark asks for it (true), and `then` goes on with it;
   *  false when none is due. */
  askApproval: (form: { olderAccepted: boolean; remark: string }, then: (remark: string) => void) => boolean;
  dialogs: ReactNode;
}

export function useOlderStock<R>(options: OlderStockOptions<R>): OlderStockFlow {
  const [older, setOlder] = useState<{ list: readonly StockCarton[]; scan: string } | null>(null);
  const [approval, setApproval] = useState<{ then: (remark: string) => void } | null>(null);
  // Scans and dialogs call the options of the latest render (the form read through its ref).
  const latest = useRef(options);
  latest.current = options;
  const { text, box, productName } = options;

  const scan = (s: string): ScanVerdict | Promise<ScanVerdict> => {
    const outcome = latest.current.check(s, false);
    if (outcome.ok) return latest.current.add(outcome.row, false);
    if (outcome.older) setOlder({ list: outcome.older, scan: s });
    return { ok: false, message: outcome.message };
  };

  const continueNewer = () => {
    const o = older;
    setOlder(null);
    if (!o) return;
    const again = latest.current.check(o.scan, true);
    if (again.ok) void latest.current.add(again.row, true).then((v) => box.current?.announce(v));
    box.current?.focus();
  };

  const askApproval = (form: { olderAccepted: boolean; remark: string }, then: (remark: string) => void) => {
    if (!form.olderAccepted || form.remark) return false;
    setApproval({ then });
    return true;
  };

  const dialogs = (
    <>
      {approval !== null && (
        <RemarkDialog
          opened
          title={text.approvalTitle}
          label={en.approvalRemark}
          onClose={() => setApproval(null)}
          problem={(t) => (t.trim() ? null : text.approvalRequired)}
          onDone={(t) => {
            setApproval(null);
            approval.then(t);
          }}
        />
      )}
      {older !== null && (
        <OlderStockDialog
          opened
          older={older.list}
          productName={productName}
          onContinue={continueNewer}
          onClose={() => {
            setOlder(null);
            box.current?.focus();
          }}
          message={text.olderStock}
          listTitle={text.olderStockTitle}
        />
      )}
    </>
  );
  return { open: older !== null || approval !== null, scan, askApproval, dialogs };
}
