// The packing screen both Secondary and Tertiary Packing are declared on (spec 2 sections 2, 4, 5):
// a carton size locked after the first scan, the scan box at the top, a big count of scanned and size,
// the scanned list, Submit in a bar at the bottom. A full carton opens the slip dialog by itself; a
// part-filled one asks for its remark first, newer stock for its approval remark. Every scan is
// checked on the device (the cache, this device's queued work, the carton) and the closed carton is
// queued in the outbox before the screen clears: no scan waits for the network. Scan-first (issue 27):
// a first scan with no size picked takes the product's default size, or the size last used on this
// device (first-scan-size.ts), and the first row locks it as a picked size.
import { Button, Select, Stack, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PACKING_MSG, slipProblem } from '@shared/contracts/floor/packing.js';
import type { SlipType } from '@shared/codes.js';
import type { BodyIn } from '@shared/endpoint.js';
import type { PageDef } from '@shared/pages.js';
import { ResourceSection, type ResourceDef } from '../../../kit/resource-section.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { CacheFreshness, type FloorCache } from '../../../floor/cache/index.js';
import type { LocalWork } from '../../../floor/work/local-work.js';
import type { ScanCarton, ScanOutcome } from '../../../floor/packing/scan-rules.js';
import { CACHE_LOADING } from '../../../floor/work/use-local-work.js';
import type { FloorSave } from '../../../floor/work/registry.js';
import { queueWork } from '../../../floor/work/work-store.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../../floor/scan-box.js';
import { ScannedRows } from '../../../floor/scanned-rows.js';
import { RemarkDialog } from '../../../floor/floor-dialogs.js';
import { useOlderStock, type OlderStockOutcome } from '../../../floor/use-older-stock.js';
import { useDeviceValue } from '../../../floor/device-memory.js';
import { firstScanSize, type SizeKind } from '../../../floor/packing/first-scan-size.js';
import { kickOutbox } from '../../../offline/drain-triggers.js';
import { isOnline } from '../../../offline/network-status.js';
import { knownLastSlip } from '../../../floor/slip-blocks.js';
import { useOutboxStatus } from '../../../offline/use-outbox-status.js';
import { HeldAside, useHeldAside } from './held-aside.js';
import { SlipDialog } from './packing-dialogs.js';
import { emptyCarton, useCarton, type Carton } from './use-carton.js';
import './packing.css';

export interface PackingDef<R, E extends FloorSave> {
  screen: string;
  page: PageDef;
  slipType: SlipType;
  slipTitle: string;
  scanLabel: string;
  endpoint: E;
  check: (text: string, carton: ScanCarton<R>, cache: FloorCache, local: LocalWork) => ScanOutcome<R>;
  /** Which of a product's default sizes the carton takes, and the scanned code's product. */
  sizeKind: SizeKind;
  productOf: (text: string, cache: FloorCache, local: LocalWork) => number | undefined;
  rowKey: (r: R) => string;
  /** The row, compact: a main line and a detail line. */
  rowView: (r: R) => { main: string; detail: string };
  added: (r: R) => string;
  payload: (c: Carton<R>, slip: string, cache: FloorCache) => BodyIn<E>;
  label: (slip: string, c: Carton<R>) => string;
  history: ResourceDef<never>;
}

type Dialog = 'none' | 'fractional' | 'slip';

export function PackingScreen<R, E extends FloorSave>({ def }: { def: PackingDef<R, E> }) {
  const cartonState = useCarton<R>(def.screen);
  const { cache, local, carton, update, current, userId } = cartonState;
  // The size last used on this device for this screen, whoever was signed in.
  const lastSize = useDeviceValue<number>(`last-carton-size:${def.screen}`);
  const scanReady = cartonState.scanReady && lastSize.ready;
  const box = useRef<ScanBoxHandle>(null);
  const [dialog, setDialog] = useState<Dialog>('none');
  const [refresh, setRefresh] = useState(0);
  // The history is the server's: it is read again whenever the outbox has sent something.
  const { waiting } = useOutboxStatus();
  useEffect(() => setRefresh((n) => n + 1), [waiting]);
  const size = cache?.cartonSizes.find((s) => s.CartonId === carton.sizeId)?.CartonSize ?? null;
  const sizeOfId = (id: number | null) => cache?.cartonSizes.find((s) => s.CartonId === id)?.CartonSize ?? null;
  const sizeOf = (c: Carton<R>) => sizeOfId(c.sizeId);

  /** On the way to the slip: the approval remark for newer stock (olderStock), then the fractional
   *  remark, then the slip. */
  const proceed = (c: Carton<R>): void => {
    if (olderStock.askApproval(c, (remark) => proceed(update((x) => ({ ...x, remark })).next))) return;
    const s = sizeOf(c);
    setDialog(s !== null && c.rows.length < s && !c.reason ? 'fractional' : 'slip');
  };

  /** The row shows at once; the scan is answered once the carton is on disk, so a reload or a crash
   *  after the tone never loses it. */
  const add = async (row: R, olderAccepted: boolean): Promise<ScanVerdict> => {
    const { next, saved } = update((c) => ({
      ...c,
      rows: [...c.rows, row],
      olderAccepted: c.olderAccepted || olderAccepted,
    }));
    await saved;
    // The first row locks the size: this device remembers it for the next first scan without one.
    if (next.rows.length === 1 && next.sizeId !== null && next.sizeId !== lastSize.current()) lastSize.set(next.sizeId);
    // The carton is full: its dialog opens once the last row is on screen, so the row shows as fast
    // as any other (drawing the dialog in the same frame doubled that scan's time).
    if (next.rows.length === sizeOf(next)) {
      await afterPaint();
      const c = current();
      if (c.rows.length === sizeOf(c)) proceed(c);
    }
    return { ok: true, message: def.added(row) };
  };

  const holdAside = useHeldAside({ carton, update, rowKey: def.rowKey, box });
  const productName = (id: number) => cache?.products.get(id)?.ProductName ?? '';
  const olderStock = useOlderStock<R>({
    text: PACKING_MSG,
    box,
    productName,
    add,
    check: (text, acceptNewer): OlderStockOutcome<R> => {
      if (!cache) return { ok: false, message: CACHE_LOADING };
      const c = current();
      const sizeId = firstScanSize({
        picked: c.sizeId,
        rowCount: c.rows.length,
        kind: def.sizeKind,
        product: c.sizeId === null ? cache.products.get(def.productOf(text, cache, local) ?? 0) : undefined,
        lastUsed: lastSize.current(),
        sizes: cache.cartonSizes,
      });
      const outcome = def.check(
        text,
        { size: sizeOfId(sizeId), rows: c.rows, olderAccepted: c.olderAccepted || acceptNewer, held: c.held },
        cache,
        local,
      );
      if (outcome.ok) {
        // The size taken goes on the carton now, as a pick would; the row that follows locks it.
        if (sizeId !== c.sizeId) update((x) => ({ ...x, sizeId }));
        return outcome;
      }
      if (outcome.held) holdAside(outcome.held);
      // The loose secondary cartons that wait, as the older stock list shows them.
      return {
        ok: false,
        message: outcome.message,
        older: outcome.older?.map((o) => ({ CartonId: o.SID, ProductId: o.ProductId, MFGDate: o.MFGDate })),
      };
    },
  });

  const onSlip = async (text: string): Promise<ScanVerdict> => {
    if (!cache?.mySite) return { ok: false, message: PACKING_MSG.noSite };
    // Offline, a slip past the blocks the cache knows reserved is refused; online the server judges.
    const last = knownLastSlip(cache, def.slipType, isOnline());
    const checked = slipProblem(text, def.slipType, cache.mySite.Prefix, last);
    if ('message' in checked) return { ok: false, message: checked.message };
    const slip = checked.slip;
    if (local.slips.has(slip) || cache.openSecondary(slip) || cache.tertiaryAt(slip))
      return { ok: false, message: PACKING_MSG.slipUsed(slip) };
    const c = current();
    // A second slip scanned while the first closed the carton: nothing is left to close.
    if (c.rows.length === 0) return { ok: false, message: PACKING_MSG.scanFirst };
    await queueWork(def.screen, {
      endpoint: def.endpoint,
      payload: def.payload(c, slip, cache),
      label: def.label(slip, c),
      userId,
    });
    update((now) => emptyCarton(c.sizeId, now.held));
    setDialog('none');
    void kickOutbox();
    const done = { ok: true, message: PACKING_MSG.closed(slip, c.rows.length) };
    setTimeout(() => {
      box.current?.announce(done);
      box.current?.focus();
    }, 0);
    return done;
  };

  // A reload (a crash, a battery swap) with a full carton: its dialog opens again once the draft, the
  // cache and the queued work are read, as it did when the last scan filled it. Once per visit, so
  // Cancel keeps it closed.
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current || !scanReady || !cache) return;
    reopened.current = true;
    const c = current();
    if (c.rows.length > 0 && c.rows.length === sizeOf(c)) proceed(c);
  }, [scanReady, cache]);

  const submit = () => {
    if (carton.rows.length === 0) return;
    proceed(carton);
  };

  // The box and the bar get handlers that stay the same across renders (they call the latest), so a
  // scan does not draw them again.
  const latest = useRef({ onScan: olderStock.scan, submit });
  latest.current = { onScan: olderStock.scan, submit };
  const scan = useCallback((text: string) => latest.current.onScan(text), []);
  const submitNow = useCallback(() => latest.current.submit(), []);

  const sizes = useMemo(
    () =>
      (cache?.cartonSizes ?? []).map((s) => ({
        value: String(s.CartonId),
        label: `${s.CartonName} (${s.CartonSize})`,
      })),
    [cache],
  );
  const chooseSize = useCallback(
    (v: string | null) => {
      update((c) => ({ ...c, sizeId: v === null ? null : Number(v) }));
      box.current?.focus();
    },
    [update],
  );
  const remove = useCallback(
    (k: string) => update((c) => ({ ...c, rows: c.rows.filter((r) => def.rowKey(r) !== k) })),
    [update, def],
  );

  return (
    <div className="ft-packing">
      <Header title={def.page.label} />
      <Stack gap="sm">
        {/* The count beside the size, above the scan box: a long red answer under the box never
            pushes it under the Submit bar. */}
        <div className="ft-packing__top">
          <div className="ft-packing__size">
            <SizePicker sizes={sizes} value={carton.sizeId} locked={carton.rows.length > 0} onChange={chooseSize} />
          </div>
          <div className="ft-packing__count" aria-live="polite">
            <Text component="span" className="ft-packing__big" data-testid="packed-count">
              {carton.rows.length}
              <Text component="span" className="ft-packing__of">
                {' '}
                / {size ?? '–'}
              </Text>
            </Text>
            <Text c="dimmed" fz="sm">
              scanned
            </Text>
          </div>
        </div>
        <ScanBox
          ref={box}
          label={def.scanLabel}
          onScan={scan}
          disabled={dialog !== 'none' || olderStock.open}
          ready={scanReady}
        />
        <HeldAside held={carton.held} />
        <ScannedList rows={carton.rows} def={def} onDelete={remove} />
      </Stack>
      <SubmitBar disabled={carton.rows.length === 0} onSubmit={submitNow} />
      <History def={def.history} refreshKey={refresh} />
      {dialog === 'fractional' && (
        <RemarkDialog
          opened
          title={PACKING_MSG.fractionalTitle}
          label={PACKING_MSG.fractional}
          onClose={() => setDialog('none')}
          problem={(t) => (t.trim().length < 4 ? PACKING_MSG.fractional : null)}
          onDone={(t) => proceed(update((c) => ({ ...c, reason: t })).next)}
        />
      )}
      {dialog === 'slip' && (
        <SlipDialog opened title={def.slipTitle} onSlip={onSlip} ready={scanReady} onClose={() => setDialog('none')} />
      )}
      {olderStock.dialogs}
    </div>
  );
}

// A scan draws the new row and the count, not the rest: each part below is drawn again only when its
// own props change (bench/floor-scan.bench.ts measured the whole screen drawn again per scan).
/** Resolves after the next frame has been drawn (a task posted from its animation frame). */
const afterPaint = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));

const Header = memo(function Header({ title }: { title: string }) {
  return <ScreenHeader title={title} breadcrumb="Transactions" actions={<CacheFreshness />} />;
});

const History = memo(function History({ def, refreshKey }: { def: ResourceDef<never>; refreshKey: number }) {
  return (
    <div className="ft-packing__history">
      <ResourceSection def={def} refreshKey={refreshKey} />
    </div>
  );
});

const SubmitBar = memo(function SubmitBar({ disabled, onSubmit }: { disabled: boolean; onSubmit: () => void }) {
  return (
    <div className="ft-packing__bar">
      <Button size="xl" fullWidth disabled={disabled} onClick={onSubmit}>
        Submit
      </Button>
    </div>
  );
});

interface SizePickerProps {
  sizes: Array<{ value: string; label: string }>;
  value: number | null;
  locked: boolean;
  onChange: (v: string | null) => void;
}

const SizePicker = memo(function SizePicker({ sizes, value, locked, onChange }: SizePickerProps) {
  return (
    <Select
      label="Carton Size"
      placeholder="Select Carton Size"
      data={sizes}
      value={value === null ? null : String(value)}
      disabled={locked}
      size="lg"
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={onChange}
    />
  );
});

function ScannedList<R, E extends FloorSave>({
  rows,
  def,
  onDelete,
}: {
  rows: readonly R[];
  def: PackingDef<R, E>;
  onDelete: (key: string) => void;
}) {
  return <ScannedRows rows={rows} view={(r) => ({ key: def.rowKey(r), ...def.rowView(r) })} onDelete={onDelete} />;
}
