// Carton Return (spec 2 sections 2, 4, 5, 7; issue 12 item 4): 'Return From Transit', locked once a
// carton is listed; TID, SID or DID scans checked on the device (features/floor/return/return-scan.ts:
// the device cache's Sent and this device's queued work; the server is asked only about what the cache
// does not know, and only when online); the list kept across a reload; Submit asks for the return
// remarks and queues the return in the outbox, and the list clears. Who may take back what is decided
// in shared/contracts/floor/carton-return.ts; the server checks it again when the outbox sends.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RETURN_API, RETURN_MSG, returnSave } from '@shared/contracts/floor/carton-return.js';
import { PAGE } from '@shared/pages.js';
import { confirmDelete } from '../../kit/confirm-delete.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { CacheFreshness } from '../../floor/cache/index.js';
import { CACHE_LOADING } from '../../floor/work/use-local-work.js';
import { queueWork } from '../../floor/work/work-store.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../floor/scan-box.js';
import { kickOutbox } from '../../offline/drain-triggers.js';
import { isOnline } from '../../offline/network-status.js';
import { RemarkDialog } from '../../floor/floor-dialogs.js';
import { FloorCheckbox } from '../../floor/floor-checkbox.js';
import { packingForReturn } from './return/return-lookup.js';
import { ReturnListView } from './return/return-list.js';
import {
  checkReturnScan,
  fromServer,
  RETURN_DEVICE_MSG,
  sentIndex,
  type ReturnDecision,
  type ReturnListRow,
} from './return/return-scan.js';
import { RETURN_SCREEN, useReturnList } from './return/use-return-list.js';
import './return/return.css';

const remarkProblem = (text: string) => (returnSave.shape.Remark.safeParse(text).success ? null : RETURN_MSG.remark);

/** The payload's row: the spec's fields of what the row showed. */
const scannedOf = ({ Id, CartonId, ProductName, MFGDate, EXPDate }: ReturnListRow) => ({
  ...(Id === undefined ? {} : { Id }),
  CartonId,
  ProductName,
  MFGDate,
  EXPDate,
});

const labelOf = (rows: readonly ReturnListRow[], transit: boolean, remark: string) => {
  const ids =
    rows
      .slice(0, 3)
      .map((r) => r.CartonId)
      .join(', ') + (rows.length > 3 ? ` and ${rows.length - 3} more` : '');
  return `Carton return${transit ? ' from transit' : ''} of ${ids}: ${remark}`;
};

export default function CartonReturnPage() {
  const { cache, local, list, update, reset, current, userId, ready, scanReady } = useReturnList();
  const box = useRef<ScanBoxHandle>(null);
  const [checking, setChecking] = useState(false);
  const [remarkOpen, setRemarkOpen] = useState(false);
  const saving = useRef(false);
  const sent = useMemo(() => sentIndex(cache?.dispatch.Sent ?? [], local.sentHere), [cache, local]);

  /** A listed scan is answered once the list is on disk, so a reload after the tone keeps it. */
  const apply = async (o: ReturnDecision): Promise<ScanVerdict> => {
    if (o.kind === 'refuse') return { ok: false, message: o.message };
    await update((l) => ({ ...l, rows: [...l.rows, ...o.rows] })).saved;
    return { ok: true, message: o.message };
  };

  const onScan = async (text: string): Promise<ScanVerdict> => {
    if (!cache) return { ok: false, message: CACHE_LOADING };
    const l = current();
    const outcome = checkReturnScan(text, { rows: l.rows, transit: l.transit, sent, returned: local.returned });
    if (outcome.kind !== 'ask') return apply(outcome);
    if (!isOnline()) return { ok: false, message: outcome.offline };
    setChecking(true);
    const answer = await packingForReturn(outcome.id, l.transit).finally(() => setChecking(false));
    if (answer === 'offline') return { ok: false, message: outcome.offline };
    if ('refused' in answer) return { ok: false, message: answer.refused };
    // The list as it is now: a delete may have happened while the server answered.
    return apply(
      fromServer(outcome.id, answer.rows, {
        rows: current().rows,
        returned: latest.current.local.returned,
        transit: l.transit,
      }),
    );
  };

  const submit = () => {
    if (current().rows.length === 0) {
      box.current?.announce({ ok: false, message: RETURN_MSG.scanFirst });
      box.current?.focus();
      return;
    }
    setRemarkOpen(true);
  };

  const save = async (remark: string) => {
    if (saving.current) return;
    saving.current = true;
    try {
      const l = current();
      if (l.rows.length === 0) return;
      await queueWork(RETURN_SCREEN, {
        endpoint: RETURN_API.save,
        payload: { scanned: l.rows.map(scannedOf), IsActive: l.transit, Remark: remark },
        label: labelOf(l.rows, l.transit, remark),
        userId,
      });
      reset({ transit: l.transit, rows: [] });
      void kickOutbox();
      const done = { ok: true, message: RETURN_DEVICE_MSG.queued(l.rows.length, l.transit) };
      setTimeout(() => {
        box.current?.announce(done);
        box.current?.focus();
      }, 0);
    } finally {
      saving.current = false;
      setRemarkOpen(false);
    }
  };

  // The box and the list get handlers that stay the same across renders (they call the latest), so a
  // scan draws neither again.
  const latest = useRef({ onScan, local });
  latest.current = { onScan, local };
  const scan = useCallback((text: string) => latest.current.onScan(text), []);
  const remove = useCallback(
    async (id: string) => {
      if (await confirmDelete()) update((l) => ({ ...l, rows: l.rows.filter((r) => r.CartonId !== id) }));
      setTimeout(() => box.current?.focus(), 0);
    },
    [update],
  );
  const onDelete = useCallback((id: string) => void remove(id), [remove]);

  return (
    <div className="ft-return">
      <ScreenHeader title={PAGE.cartonReturn.label} breadcrumb="Transactions" actions={<CacheFreshness />} />
      <Stack gap="sm">
        <Paper withBorder className="ft-return__flag">
          <FloorCheckbox
            label={RETURN_MSG.transit}
            checked={list.transit}
            disabled={!ready || checking || list.rows.length > 0}
            onChange={(e) => {
              const transit = e.currentTarget.checked;
              update((l) => (l.rows.length > 0 ? l : { ...l, transit }));
            }}
          />
        </Paper>
        <ScanBox
          ref={box}
          label="Scan items"
          placeholder="Scan TID, SID or DID"
          onScan={scan}
          disabled={remarkOpen}
          ready={scanReady}
          idleMessage="Scan the cartons to take back"
        />
        <Group justify="space-between" align="baseline" aria-live="polite">
          <Text fw={700} fz="lg" data-testid="return-count">
            {list.rows.length} scanned
          </Text>
          {checking && (
            <Text c="dimmed" fz="sm">
              Checking with the server…
            </Text>
          )}
        </Group>
        <ReturnListView rows={list.rows} onDelete={onDelete} />
      </Stack>
      <div className="ft-return__bar">
        <Button size="xl" fullWidth onClick={submit} disabled={!ready}>
          Submit
        </Button>
      </div>
      {remarkOpen && (
        <RemarkDialog
          opened
          title={RETURN_MSG.remarkTitle}
          label="Return remarks"
          problem={remarkProblem}
          onDone={(t) => void save(t)}
          onClose={() => {
            setRemarkOpen(false);
            box.current?.focus();
          }}
        />
      )}
    </div>
  );
}
