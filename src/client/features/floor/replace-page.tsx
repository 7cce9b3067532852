// Replace (spec 2 sections 2-5, 7; issue 12 item 5): a torn pack code (PID) or carton slip (SID) gives
// way for good to a new one. Choose the type, scan the code to replace: its details load from the
// device cache and the dialog opens; scan the new code there: it is checked on the device
// (replace/replace-rules.ts), the replacement is queued in the outbox and the form resets. No scan
// waits for the network; online, the server's details add the product description in the background.
// Scan-first (issue 27): with no type chosen, the scanned code's text tells a PID from a SID and the
// type is set by itself; a code of the other kind than the type chosen is refused, saying which it is.
import { Button, Group, Radio, Stack } from '@mantine/core';
import { memo, useCallback, useRef, useState } from 'react';
import { REPLACE_API, REPLACE_MSG, REPLACE_TYPES, type ReplaceType } from '@shared/contracts/floor/replace.js';
import { PAGE } from '@shared/pages.js';
import { getSession } from '../../api/session.js';
import { ScreenHeader } from '../../kit/screen-header.js';
import { CacheFreshness, useFloorCache } from '../../floor/cache/index.js';
import { CACHE_LOADING, useLocalWork } from '../../floor/work/use-local-work.js';
import { queueWork } from '../../floor/work/work-store.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../floor/scan-box.js';
import { kickOutbox } from '../../offline/drain-triggers.js';
import { isOnline } from '../../offline/network-status.js';
import { DetailsTable } from './replace/details-table.js';
import { ReplaceDialog } from './replace/replace-dialog.js';
import { checkFirst, checkSecond, doneText, typeOfScan, type FirstCode } from './replace/replace-rules.js';
import { serverDetails } from './replace/server-details.js';
import './replace/replace.css';

const SCREEN = 'replace';
const fail = (message: string): ScanVerdict => ({ ok: false, message });
const TYPE_LABEL: Record<ReplaceType, string> = { PID: 'Primary Qr Code (PID)', SID: 'Secondary Carton Slips (SID)' };

export default function ReplacePage() {
  const userId = getSession()?.UserId ?? 0;
  const cache = useFloorCache();
  const { work: local, ready } = useLocalWork(userId, cache);
  const box = useRef<ScanBoxHandle>(null);
  const [type, setType] = useState<ReplaceType | null>(null);
  const [first, setFirst] = useState<FirstCode | null>(null);
  const [dialog, setDialog] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Read by the scan queue and the background details, which outlive a render.
  const now = useRef<FirstCode | null>(null);
  const load = useCallback((f: FirstCode | null) => {
    now.current = f;
    setFirst(f);
    setNotice(null);
  }, []);

  const backToBox = () => setTimeout(() => box.current?.focus(), 0);

  /** Online: the server's description of the loaded code, or its refusal shown in the dialog. */
  const ask = (f: FirstCode) =>
    void serverDetails(f.type, f.code).then((a) => {
      if (!a || now.current !== f) return;
      if ('refused' in a) setNotice(a.refused);
      else {
        const more = {
          ...f,
          row: { ...f.row, ProductDscrptn: a.row.ProductDscrptn, ProductName: f.row.ProductName || a.row.ProductName },
        };
        now.current = more;
        setFirst(more);
      }
    });

  const onScan = (text: string): ScanVerdict | Promise<ScanVerdict> => {
    if (!cache) return fail(CACHE_LOADING);
    const typed = typeOfScan(type, text);
    if ('message' in typed) return fail(typed.message);
    // Set as a tap on its radio would (the radio shows it), so the type stays for the next code.
    if (typed.take) setType(typed.type);
    const checked = checkFirst(typed.type, text, cache, local);
    if (!checked.ok) return checked.ask ? fromServer(typed.type, checked.ask, checked.message) : fail(checked.message);
    ask(checked.value);
    return loaded(checked.value);
  };

  const loaded = (f: FirstCode): ScanVerdict => {
    load(f);
    setDialog(true);
    return { ok: true, message: `${f.row.RandomNumber}: scan the new ${f.type === 'PID' ? 'code' : 'slip'}.` };
  };

  /** A code the device cannot place (a SID inside a tertiary carton): online, the server's details
   *  load it; refused or unreachable, the device's own message stands. */
  const fromServer = async (t: ReplaceType, code: string, message: string): Promise<ScanVerdict> => {
    const a = await serverDetails(t, code);
    if (a && 'row' in a) return loaded({ type: t, code, row: a.row });
    return fail(a && 'refused' in a ? a.refused : message);
  };

  const onSecond = async (text: string): Promise<ScanVerdict> => {
    if (!cache) return fail(CACHE_LOADING);
    const f = now.current;
    const checked = checkSecond(f, text, cache, local, isOnline());
    if (!checked.ok) return fail(checked.message);
    if (!f) return fail(REPLACE_MSG.firstScan); // checkSecond has said so already
    const done = doneText(f, checked.value);
    await queueWork(SCREEN, {
      endpoint: REPLACE_API.replace,
      payload: { FistQrCode: f.code, Type: f.type, SecondQrCode: checked.value },
      label: done,
      userId,
    });
    void kickOutbox();
    // Spec 2 section 4: on success the form resets.
    load(null);
    setType(null);
    setDialog(false);
    const verdict = { ok: true, message: `${done} Queued to send.` };
    setTimeout(() => {
      box.current?.announce(verdict);
      box.current?.focus();
    }, 0);
    return verdict;
  };

  /** Replace: the dialog again for the loaded code; with none, the spec's "scan first". */
  const replace = () => {
    if (now.current) setDialog(true);
    else {
      box.current?.announce(fail(REPLACE_MSG.firstScan));
      box.current?.focus();
    }
  };

  const choose = (v: string) => {
    setType(v as ReplaceType);
    if (now.current?.type !== v) load(null);
    backToBox();
  };

  // Stable handlers for the memoised box (each calls the latest).
  const latest = useRef({ onScan, onSecond });
  latest.current = { onScan, onSecond };
  const scan = useCallback((text: string) => latest.current.onScan(text), []);
  const second = useCallback((text: string) => latest.current.onSecond(text), []);

  return (
    <div className="ft-replace">
      <Header />
      <Stack gap="sm">
        <Radio.Group label="What to replace" value={type} onChange={choose} size="md">
          <Stack gap="xs" mt={6}>
            {REPLACE_TYPES.map((t) => (
              <Radio key={t} value={t} label={TYPE_LABEL[t]} classNames={{ root: 'ft-replace__radio' }} />
            ))}
          </Stack>
        </Radio.Group>
        <ScanBox
          ref={box}
          label="QR Code"
          placeholder={type === 'SID' ? 'Scan the SID' : 'Scan the code'}
          onScan={scan}
          disabled={dialog}
          ready={ready}
          idleMessage={type ? 'Scan the code to replace' : 'Scan a pack code or a carton slip'}
        />
        {first && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="md"
              onClick={() => {
                load(null);
                backToBox();
              }}
            >
              Clear
            </Button>
          </Group>
        )}
        <DetailsTable row={first?.row ?? null} />
      </Stack>
      <ReplaceBar disabled={type === null} onReplace={replace} />
      {dialog && first && (
        <ReplaceDialog
          first={first}
          notice={notice}
          onScan={second}
          ready={ready}
          onClose={() => {
            setDialog(false);
            backToBox();
          }}
        />
      )}
    </div>
  );
}

const Header = memo(function Header() {
  return <ScreenHeader title={PAGE.replace.label} breadcrumb="Transactions" actions={<CacheFreshness />} />;
});

const ReplaceBar = memo(function ReplaceBar({ disabled, onReplace }: { disabled: boolean; onReplace: () => void }) {
  return (
    <div className="ft-replace__bar">
      <Button size="xl" fullWidth disabled={disabled} onClick={onReplace}>
        Replace
      </Button>
    </div>
  );
});
