// Dispatch (spec 2 sections 2-5, 7; issue 12 items 1, 2, 6): the target (locked after the first scan),
// the scan box, the scanned cartons, Transport Mode and LR No, Submit in the thumb's bar, and the past
// dispatches. Every scan is checked on the device (dispatch-rules.ts); older stock waiting asks first.
// Submit takes a DID from the block this device reserved, queues the dispatch in the outbox in the same
// transaction, and prints the invoice from the device's own data: all of it works offline.
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DISPATCH_API, DISPATCH_MSG, LR_MAX, saveProblem } from '@shared/contracts/floor/dispatch.js';
import { formatDate } from '@shared/cell-format.js';
import { PAGE } from '@shared/pages.js';
import { getSession } from '../../api/session.js';
import { saveBytes } from '../../kit/download.js';
import { SCAN_PAGE_SIZES } from '../../kit/paging.js';
import { ResourceSection, type ResourceDef } from '../../kit/resource-section.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { CacheFreshness, useFloorCache, type FloorCache } from '../../floor/cache/index.js';
import { topUpDids, queueWithDid } from '../../floor/dispatch/did-block.js';
import { checkDispatchScan, dispatchOp, type DispatchRow } from '../../floor/dispatch/dispatch-rules.js';
import { invoiceOfSave } from '../../floor/dispatch/invoice-data.js';
import {
  emptyDispatch,
  localInvoice,
  type DispatchDraft,
  type SendToKind,
} from '../../floor/dispatch/local-invoice.js';
import { cachedLogo, rememberLogo } from '../../floor/dispatch/logo-cache.js';
import { CACHE_LOADING, useLocalWork } from '../../floor/work/use-local-work.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../floor/scan-box.js';
import { ScanTable, type ScanTableColumn } from '../../floor/scan-table.js';
import { useDraft } from '../../floor/use-draft.js';
import { useOlderStock } from '../../floor/use-older-stock.js';
import { kickOutbox } from '../../offline/drain-triggers.js';
import { useOutboxStatus } from '../../offline/use-outbox-status.js';
import { dispatchHistory } from './dispatch/dispatch-history.js';
import { SendTo } from './dispatch/send-to.js';
import { useDeviceValue } from '../../floor/device-memory.js';
import { countUse, type UseCounts } from '../../floor/dispatch/target-order.js';
import './packing/packing.css';

const SCREEN = 'dispatch';
/** The invoice's code (jsPDF, QR) loads with the screen, not at Submit: the device may be offline then. */
const invoicePdf = () => import('../../floor/dispatch/invoice-pdf.js');

/** The scan table's columns (spec 2 section 2: Carton Id, Product Name, Batch No., Carton Name, MFG
 *  Date, Expire Date, delete) and its page sizes (section 9). */
const ID_COLUMN: ScanTableColumn<DispatchRow> = { title: 'Carton Id', value: (r) => r.CartonId };
const COLUMNS: ScanTableColumn<DispatchRow>[] = [
  { title: 'Product Name', value: (r) => r.ProductName },
  { title: 'Batch No.', value: (r) => r.BatchNo, short: (v) => `Batch ${v}` },
  { title: 'Carton Name', value: (r) => r.CartonName },
  { title: 'MFG Date', value: (r) => formatDate(r.MFGDate), short: (v) => `MFG ${v}` },
  { title: 'Expire Date', value: (r) => formatDate(r.EXPDate), short: (v) => `EXP ${v}` },
];

/** The draft as the scan check reads it: the target chosen, and what sending there is (lifecycle op). */
const formOf = (d: DispatchDraft, cache: FloorCache) => ({
  hasTarget: d.targetId !== null,
  op: dispatchOp(d.kind, d.targetId, cache),
  rows: d.rows,
});

export default function DispatchPage() {
  const userId = getSession()?.UserId ?? 0;
  const cache = useFloorCache();
  const { work: local, ready: workReady } = useLocalWork(userId, cache);
  const { draft, update, current, ready: draftReady } = useDraft<DispatchDraft>(SCREEN, userId, emptyDispatch);
  const box = useRef<ScanBoxHandle>(null);
  // The targets this device sends to, counted per dispatch queued: the tiles' order.
  const uses = useDeviceValue<UseCounts>('send-to-uses');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = cache?.mySite?.Prefix ?? '';
  const logoPath = cache?.dispatch.Company.CompanyLogo ?? '';

  // DIDs and the logo are fetched while online, so a dispatch made offline later has both.
  useEffect(() => {
    if (!prefix) return;
    const top = () => void topUpDids(userId, prefix);
    top();
    window.addEventListener('online', top);
    return () => window.removeEventListener('online', top);
  }, [userId, prefix]);
  useEffect(() => void rememberLogo(logoPath), [logoPath]);
  useEffect(
    () =>
      void invoicePdf()
        .then((m) => m.preloadInvoicePdf())
        .catch(() => undefined),
    [],
  );

  const { waiting } = useOutboxStatus();
  const [refresh, setRefresh] = useState(0);
  useEffect(() => setRefresh((n) => n + 1), [waiting]);

  const add = async (row: DispatchRow, olderAccepted: boolean): Promise<ScanVerdict> => {
    setProblem(null);
    await update((d) => ({ ...d, rows: [...d.rows, row], olderAccepted: d.olderAccepted || olderAccepted })).saved;
    return { ok: true, message: `${row.CartonId} added` };
  };

  const productName = (id: number) => cache?.products.get(id)?.ProductName ?? '';
  const olderStock = useOlderStock<DispatchRow>({
    text: DISPATCH_MSG,
    box,
    productName,
    add,
    check: (text, acceptNewer) => {
      if (!cache) return { ok: false, message: CACHE_LOADING };
      const d = current();
      return checkDispatchScan(
        text,
        { ...formOf(d, cache), olderAccepted: d.olderAccepted || acceptNewer },
        cache,
        local,
      );
    },
  });

  const send = async (d: DispatchDraft) => {
    if (!cache) return;
    setBusy(true);
    try {
      const target =
        d.kind === 'WareHouse'
          ? { WareHouseId: d.targetId ?? 0, SendTo: 0 }
          : { SendTo: d.targetId ?? 0, WareHouseId: 0 };
      const scanned = d.rows.map(
        ({ CartonId, ProductId, ProductName, BatchNo, CartonName, Qty, MFGDate, EXPDate }) => ({
          CartonId,
          ProductId,
          ProductName,
          BatchNo,
          CartonName,
          Qty,
          MFGDate,
          EXPDate,
        }),
      );
      const queued = await queueWithDid(SCREEN, userId, prefix, (did) => ({
        endpoint: DISPATCH_API.save,
        userId,
        payload: {
          ...target,
          scanned,
          TransportModeId: d.modeId ?? 0,
          LR: d.lr.trim(),
          Remark: d.remark,
          DispatchId: did,
        },
        label: `Dispatch ${did}: ${d.rows.length} carton${d.rows.length === 1 ? '' : 's'}`,
      }));
      if (!queued) {
        setProblem(DISPATCH_MSG.noDidLeft);
        return;
      }
      update(() => emptyDispatch(d.kind));
      if (d.targetId !== null) uses.set(countUse(uses.current(), d.kind, d.targetId));
      void kickOutbox();
      void topUpDids(userId, prefix);
      try {
        const { dispatchInvoicePdf } = await invoicePdf();
        const pdf = await dispatchInvoicePdf(
          invoiceOfSave(localInvoice(queued.did, d, cache, new Date()), await cachedLogo(logoPath)),
        );
        saveBytes(pdf.fileName, pdf.bytes.slice().buffer, 'application/pdf');
        box.current?.announce({ ok: true, message: DISPATCH_MSG.queued(queued.did, d.rows.length) });
      } catch (e) {
        // The dispatch is queued whatever happens to its paper.
        console.error('Dispatch invoice', e);
        setProblem(DISPATCH_MSG.invoiceFailed(queued.did));
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const d = current();
    const target =
      d.kind === 'WareHouse'
        ? { WareHouseId: d.targetId ?? 0, SendTo: 0 }
        : { SendTo: d.targetId ?? 0, WareHouseId: 0 };
    const p = saveProblem({ ...target, scanned: d.rows, TransportModeId: d.modeId ?? 0, LR: d.lr });
    setProblem(p);
    if (p) return;
    if (!olderStock.askApproval(d, (remark) => void send(update((x) => ({ ...x, remark })).next))) void send(d);
  };

  const latest = useRef({ onScan: olderStock.scan, submit });
  latest.current = { onScan: olderStock.scan, submit };
  const scan = useCallback((text: string) => latest.current.onScan(text), []);
  const remove = useCallback(
    (k: string) => update((d) => ({ ...d, rows: d.rows.filter((r) => r.CartonId !== k) })),
    [update],
  );
  const onKind = useCallback((kind: SendToKind) => update((d) => ({ ...d, kind, targetId: null })), [update]);
  const onTarget = useCallback(
    (targetId: number | null) => {
      update((d) => ({ ...d, targetId }));
      setProblem(null);
      box.current?.focus();
    },
    [update],
  );
  const modes = useMemo(
    () => (cache?.dispatch.Modes ?? []).map((m) => ({ value: String(m.TransportModeId), label: m.TransportMode })),
    [cache],
  );

  return (
    <div className="ft-packing">
      <ScreenHeader title={PAGE.dispatch.label} breadcrumb="Transactions" actions={<CacheFreshness />} />
      <Stack gap="sm">
        {cache && (
          <SendTo
            data={cache.dispatch}
            kind={draft.kind}
            targetId={draft.targetId}
            locked={draft.rows.length > 0}
            onKind={onKind}
            onTarget={onTarget}
            counts={uses.value}
          />
        )}
        <ScanBox
          ref={box}
          label="Scan items"
          placeholder="Scan TID or SID"
          onScan={scan}
          disabled={olderStock.open || busy}
          ready={workReady && draftReady}
          idleMessage="Choose Send To, then scan the cartons"
        />
        <Group justify="space-between" align="baseline" aria-live="polite">
          <Text component="span" className="ft-packing__big" data-testid="dispatch-count">
            {draft.rows.length}
          </Text>
          <Text c="dimmed">cartons scanned</Text>
        </Group>
        <ScanTable
          label="Scanned cartons"
          rows={draft.rows}
          id={ID_COLUMN}
          columns={COLUMNS}
          onDelete={remove}
          pageSizes={SCAN_PAGE_SIZES}
          defaultPageSize={10}
        />
        <Select
          label="Transport Mode"
          placeholder="Select Transport Mode"
          data={modes}
          size="lg"
          allowDeselect={false}
          value={draft.modeId === null ? null : String(draft.modeId)}
          comboboxProps={{ withinPortal: true }}
          onChange={(v) => {
            update((d) => ({ ...d, modeId: v === null ? null : Number(v) }));
            setProblem(null);
          }}
        />
        <TextInput
          label="LR No"
          value={draft.lr}
          maxLength={LR_MAX}
          size="lg"
          autoComplete="off"
          onChange={(e) => {
            const lr = e.currentTarget.value;
            update((d) => ({ ...d, lr }));
            setProblem(null);
          }}
        />
        {problem && (
          <Text c="red.8" fw={600} role="alert">
            {problem}
          </Text>
        )}
      </Stack>
      <div className="ft-packing__bar">
        <Button size="xl" fullWidth loading={busy} onClick={() => latest.current.submit()}>
          Submit
        </Button>
      </div>
      <div className="ft-packing__history">
        <ResourceSection def={dispatchHistory as ResourceDef<never>} refreshKey={refresh} />
      </div>
      {olderStock.dialogs}
    </div>
  );
}
