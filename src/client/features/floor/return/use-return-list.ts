// The return list on the screen: Return From Transit and the scanned rows, kept in a draft that
// survives a reload (written after every change), with the device cache and this device's queued work.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSession } from '../../../api/session.js';
import { useFloorCache, type FloorCache } from '../../../floor/cache/index.js';
import type { LocalWork } from '../../../floor/work/local-work.js';
import { useLocalWork } from '../../../floor/work/use-local-work.js';
import { readDraft, writeDraft } from '../../../floor/work/work-store.js';
import type { ReturnListRow } from './return-scan.js';

export const RETURN_SCREEN = 'carton-return';

export interface ReturnList {
  /** Return From Transit. */
  transit: boolean;
  rows: ReturnListRow[];
}

export interface ReturnListState {
  cache: FloorCache | undefined;
  local: LocalWork;
  list: ReturnList;
  /** Changes the list now (scans read it through `current`, not a render) and saves the draft;
   *  `saved` resolves once the draft is on disk. */
  update: (change: (l: ReturnList) => ReturnList) => { next: ReturnList; saved: Promise<void> };
  /** Sets the list without a draft (queueWork has just dropped it with the list's work). */
  reset: (l: ReturnList) => void;
  current: () => ReturnList;
  userId: number;
  /** False until the draft of a reload has been read. */
  ready: boolean;
  /** Scans may be judged: the cache, this device's queued work and the draft of a reload are read. */
  scanReady: boolean;
}

export function useReturnList(): ReturnListState {
  const userId = getSession()?.UserId ?? 0;
  const cache = useFloorCache();
  const { work: local, ready: workReady } = useLocalWork(userId, cache);
  const [list, setList] = useState<ReturnList>({ transit: false, rows: [] });
  const ref = useRef(list);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void readDraft<ReturnList>(RETURN_SCREEN, userId)
      .catch(() => undefined)
      .then((d) => {
        if (!live) return;
        if (d) {
          ref.current = d;
          setList(d);
        }
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, [userId]);

  const update = useCallback(
    (change: (l: ReturnList) => ReturnList) => {
      const next = change(ref.current);
      ref.current = next;
      setList(next);
      return { next, saved: writeDraft(RETURN_SCREEN, userId, next).catch(() => undefined) };
    },
    [userId],
  );
  const reset = useCallback((l: ReturnList) => {
    ref.current = l;
    setList(l);
  }, []);
  const current = useCallback(() => ref.current, []);

  return { cache, local, list, update, reset, current, userId, ready, scanReady: ready && workReady };
}
