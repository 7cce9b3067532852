// Dispatch Receive (spec 2 sections 2, 4, 5, 7; issue 12 item 3): the dispatches on the way here, a
// Scan Item box for the DID on the invoice, its Carton List with each carton ticked as arrived, and
// Receive. The checks run on the device (the dispatch cache and this device's queued receipts), so a
// truck is received offline; only a DID newer than the cache asks the server. The receipt names the
// cartons that arrived; the dispatch's others are reported missing. It is one outbox entry, queued
// before the screen clears. A carton id scanned while a dispatch is loaded ticks that carton.
import { Button, Grid, Stack } from '@mantine/core';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { parseSlipId } from '@shared/codes.js';
import { dispatchScan, RECEIVE_API, RECEIVE_MSG } from '@shared/contracts/floor/dispatch-receive.js';
import { PAGE } from '@shared/pages.js';
import { getSession } from '../../api/session.js';
import { confirmYesNo } from '../../kit/confirm-delete.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { CacheFreshness, useFloorCache } from '../../floor/cache/index.js';
import { receiveCheck } from '../../floor/device-check.js';
import { CACHE_LOADING, useLocalWork } from '../../floor/work/use-local-work.js';
import { queueWork } from '../../floor/work/work-store.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../floor/scan-box.js';
import { kickOutbox } from '../../offline/drain-triggers.js';
import { isOnline } from '../../offline/network-status.js';
import { CartonList } from './receive/carton-list.js';
import { lookUpDispatch, serverCartons } from './receive/dispatch-lookup.js';
import { IncomingTable } from './receive/incoming-table.js';
import {
  incomingRows,
  RECEIVE_TEXT,
  receiptOf,
  toggled,
  withServerRows,
  type LoadedDispatch,
} from './receive/receive-rows.js';
import './receive/receive.css';
import { en } from '../../floor/words/en.js';
import { useFloorWords } from '../../floor/words/floor-lang.js';

const SCREEN = 'dispatch-receive';
const fail = (message: string): ScanVerdict => ({ ok: false, message });

export default function DispatchReceivePage() {
  const userId = getSession()?.UserId ?? 0;
  const cache = useFloorCache();
  const { work: local, ready } = useLocalWork(userId, cache);
  const { w, say } = useFloorWords();
  const box = useRef<ScanBoxHandle>(null);
  const [loaded, setLoaded] = useState<LoadedDispatch | null>(null);
  const [busy, setBusy] = useState(false);
  // Read by the scan queue and the background check, which outlive a render.
  const now = useRef<LoadedDispatch | null>(null);
  const change = useCallback((f: (l: LoadedDispatch | null) => LoadedDispatch | null) => {
    now.current = f(now.current);
    setLoaded(now.current);
  }, []);

  /** Online, a dispatch loaded from the cache is asked of the server too: its packing dates, and
   *  whether it is still to receive. A network failure changes nothing. */
  const check = (did: string) =>
    void serverCartons(did).then((a) => {
      if (now.current?.did !== did) return;
      if ('rows' in a) change((l) => (l?.did === did ? withServerRows(l, a.rows) : l));
      else if ('refused' in a && a.refused) {
        change(() => null);
        box.current?.announce(fail(a.message));
      }
    });

  const onScan = async (text: string): Promise<ScanVerdict> => {
    const l = now.current;
    const slip = parseSlipId(text);
    if (l && (slip?.type === 'TID' || slip?.type === 'SID')) {
      const refusal = receiveCheck(slip.text, l);
      if (refusal !== null) return fail(refusal);
      change((x) => (x ? toggled(x, slip.text, true) : x));
      return { ok: true, message: RECEIVE_TEXT.arrived(slip.text) };
    }
    const scan = dispatchScan(text);
    if ('message' in scan) return fail(scan.message);
    const did = scan.did;
    if (local.received.has(did)) return fail(RECEIVE_MSG.alreadyReceived(did));
    if (l?.did === did) return fail(RECEIVE_MSG.alreadyScanned);
    if (!cache) return fail(CACHE_LOADING);
    const found = await lookUpDispatch(did, cache);
    if ('message' in found) return fail(found.message);
    change(() => found.loaded);
    if (found.cached && isOnline()) check(did);
    return { ok: true, message: RECEIVE_TEXT.loaded(did, found.loaded.rows.length) };
  };

  const receive = async () => {
    const l = now.current;
    if (!l) {
      box.current?.announce(fail(RECEIVE_MSG.enterDispatchId));
      box.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const counts = receiptOf(l);
      if (
        !(await confirmYesNo(
          say(RECEIVE_TEXT.confirmTitle),
          say(RECEIVE_TEXT.confirm(l.did, counts.arrived.length, counts.missing.length)),
          w,
        ))
      )
        return;
      // The background check may have changed (or dropped) the dispatch while the question was open.
      const at = now.current;
      if (at?.did !== l.did) return;
      if (local.received.has(at.did)) {
        change(() => null);
        box.current?.announce(fail(RECEIVE_MSG.alreadyReceived(at.did)));
        return;
      }
      const { arrived, missing } = receiptOf(at);
      await queueWork(SCREEN, {
        endpoint: RECEIVE_API.save,
        payload: { DispatchId: at.did, Cartons: arrived },
        label: RECEIVE_TEXT.label(at.did, arrived.length, missing.length),
        userId,
      });
      void kickOutbox();
      change(() => null);
      box.current?.announce({ ok: true, message: RECEIVE_MSG.received(at.did, arrived.length, missing.length) });
    } finally {
      setBusy(false);
      setTimeout(() => box.current?.focus(), 0);
    }
  };

  // Stable handlers for the memoised box, list and bar (each calls the latest).
  const latest = useRef({ onScan, receive });
  latest.current = { onScan, receive };
  const scan = useCallback((text: string) => latest.current.onScan(text), []);
  const receiveNow = useCallback(() => void latest.current.receive(), []);
  const toggle = useCallback(
    (id: string, arrived: boolean) => change((l) => (l ? toggled(l, id, arrived) : l)),
    [change],
  );
  const clear = useCallback(() => {
    change(() => null);
    box.current?.clear();
    box.current?.focus();
  }, [change]);

  // `local` is a new object after each change; its sets grow in place, so it is the dependency.
  const incoming = useMemo(() => incomingRows(cache?.dispatch.Incoming ?? [], local.received), [cache, local]);

  return (
    <div className="ft-receive">
      <Header />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            <ScanBox
              ref={box}
              label={RECEIVE_TEXT.scanLabel}
              placeholder={en.scanDid}
              onScan={scan}
              disabled={busy}
              ready={ready}
              idleMessage={RECEIVE_TEXT.idle}
              emptyMessage={RECEIVE_MSG.enterDispatchId}
            />
            {loaded && <CartonList loaded={loaded} onToggle={toggle} onClear={clear} />}
            <ReceiveBar disabled={busy} onReceive={receiveNow} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }}>
          <IncomingTable rows={incoming} />
        </Grid.Col>
      </Grid>
    </div>
  );
}

const Header = memo(function Header() {
  const { w, say } = useFloorWords();
  return (
    <ScreenHeader title={say(PAGE.dispatchReceive.label)} breadcrumb={w.transactions} actions={<CacheFreshness />} />
  );
});

const ReceiveBar = memo(function ReceiveBar({ disabled, onReceive }: { disabled: boolean; onReceive: () => void }) {
  const { w } = useFloorWords();
  return (
    <div className="ft-receive__bar">
      <Button size="xl" fullWidth disabled={disabled} onClick={onReceive}>
        {w.receive}
      </Button>
    </div>
  );
});
