// The carton on a packing screen: its size, its scanned rows and remarks, kept in a draft that
// survives a reload (use-draft.ts), and this device's queued work (local-work.ts) rebuilt whenever the outbox changes.
import { useCallback } from 'react';
import { getSession } from '../../../api/session.js';
import { useFloorCache, type FloorCache } from '../../../floor/cache/index.js';
import type { LocalWork } from '../../../floor/work/local-work.js';
import type { HeldPack } from '../../../floor/packing/copies.js';
import { useLocalWork } from '../../../floor/work/use-local-work.js';
import { useDraft } from '../../../floor/use-draft.js';

export interface Carton<R> {
  sizeId: number | null;
  rows: R[];
  /** The fractional carton remark. */
  reason: string;
  /** The approval remark for newer stock packed before older. */
  remark: string;
  olderAccepted: boolean;
  /** Numbers held aside as suspected copies (Secondary Packing); they outlast the carton. */
  held: HeldPack[];
}

export const emptyCarton = <R>(sizeId: number | null = null, held: HeldPack[] = []): Carton<R> => ({
  sizeId,
  rows: [],
  reason: '',
  remark: '',
  olderAccepted: false,
  held,
});

const withHeld = <R>(c: Carton<R>): Carton<R> => (Array.isArray(c.held) ? c : { ...c, held: [] });

export interface CartonState<R> {
  cache: FloorCache | undefined;
  local: LocalWork;
  carton: Carton<R>;
  /** Changes the carton now (scans read it through a ref, not a render) and saves the draft; `saved`
   *  resolves once the draft is on disk. */
  update: (change: (c: Carton<R>) => Carton<R>) => { next: Carton<R>; saved: Promise<void> };
  current: () => Carton<R>;
  userId: number;
  /** False until the draft of a reload has been read. */
  ready: boolean;
  /** Scans may be judged: the cache, this device's queued work and the draft of a reload are read. */
  scanReady: boolean;
}

export function useCarton<R>(screen: string): CartonState<R> {
  const userId = getSession()?.UserId ?? 0;
  const cache = useFloorCache();
  const { work: local, ready: workReady } = useLocalWork(userId, cache);
  const { draft, update: save, current: saved, ready } = useDraft<Carton<R>>(screen, userId, emptyCarton);
  // A draft saved before the held list existed has none.
  const carton = withHeld(draft);
  const current = useCallback(() => withHeld(saved()), [saved]);
  const update = useCallback((change: (c: Carton<R>) => Carton<R>) => save((c) => change(withHeld(c))), [save]);
  return { cache, local, carton, update, current, userId, ready, scanReady: ready && workReady };
}
