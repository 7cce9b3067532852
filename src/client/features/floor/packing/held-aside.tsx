// The numbers held aside as suspected copies on Secondary Packing (floor/packing/copies.ts): the row
// taken out of the carton, the panel that lists them under the scan box, and the server asked which
// code is genuine whenever the device is online. The answer is said aloud (the scan box's verdict).
import { Alert, List, Text } from '@mantine/core';
import { memo, useEffect, useRef, type RefObject } from 'react';
import { codeEnd, COPY_MSG, PACKING_API } from '@shared/contracts/floor/packing.js';
import { call } from '../../../api/call.js';
import { hold, unchecked, withVerdicts, type HeldPack } from '../../../floor/packing/copies.js';
import type { ScanBoxHandle } from '../../../floor/scan-box.js';
import { useOnline } from '../../../offline/network-status.js';
import type { Carton } from './use-carton.js';

interface Options<R> {
  carton: Carton<R>;
  update: (change: (c: Carton<R>) => Carton<R>) => unknown;
  rowKey: (r: R) => string;
  box: RefObject<ScanBoxHandle | null>;
}

/** `holdAside(h)`: the number leaves the carton and waits for the server's word. */
export function useHeldAside<R>({ carton, update, rowKey, box }: Options<R>) {
  const online = useOnline();
  const asking = useRef(false);
  const waiting = unchecked(carton.held).join(' ');

  useEffect(() => {
    if (!online || waiting === '' || asking.current) return;
    asking.current = true;
    void call(PACKING_API.checkCodes, { UIDs: waiting.split(' ').slice(0, 20) })
      .then((res) => {
        if (res.ResponseCode !== '200') return;
        let told: HeldPack[] = [];
        update((c) => {
          const next = withVerdicts(c.held, res.ResponseData);
          told = next.filter((h, i) => c.held[i]?.genuine === undefined && h.genuine !== undefined);
          return { ...c, held: next };
        });
        const h = told[0];
        if (h) {
          const g = h.genuine?.[0];
          box.current?.announce({
            ok: g !== undefined,
            message: g !== undefined ? COPY_MSG.genuine(h.shown, codeEnd(g)) : COPY_MSG.copy(h.shown),
          });
        }
      })
      .catch(() => undefined)
      .finally(() => {
        asking.current = false;
      });
  }, [online, waiting, update, box]);

  return (h: HeldPack) =>
    update((c) => ({ ...c, held: hold(c.held, h), rows: c.rows.filter((r) => rowKey(r) !== h.key) }));
}

/** What is held aside, and what the server said of it. */
export const HeldAside = memo(function HeldAside({ held }: { held: readonly HeldPack[] }) {
  if (held.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title="Set aside: suspected copies" className="ft-packing__held">
      <List size="sm" spacing={4}>
        {held.map((h) => (
          <List.Item key={h.key}>
            <Text span fw={700} ff="monospace">
              {h.shown}
            </Text>{' '}
            {h.genuine === undefined
              ? `· ${h.uids.length} codes · waiting for the server`
              : h.genuine.length > 0
                ? `· keep the pack ending ${h.genuine.map(codeEnd).join(', ')}; the other is a copy`
                : '· every code seen is a copy: keep them out'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
});
