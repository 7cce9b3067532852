// A floor screen's work in hand (a carton, a dispatch, a return list) kept as a draft in IndexedDB
// after every change, so a reload or a crash never loses a scan; read back once when the screen opens.
import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from './work/work-store.js';

export interface DraftState<T> {
  draft: T;
  /** Changes the draft now (scans read it through `current`, not a render) and saves it; `saved`
   *  resolves once it is on disk. */
  update: (change: (d: T) => T) => { next: T; saved: Promise<void> };
  current: () => T;
  /** False until a reload's draft has been read. */
  ready: boolean;
}

export function useDraft<T>(screen: string, userId: number, empty: () => T): DraftState<T> {
  const [draft, setDraft] = useState<T>(empty);
  const ref = useRef(draft);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void readDraft<T>(screen, userId).then((d) => {
      if (!live) return;
      if (d) {
        ref.current = d;
        setDraft(d);
      }
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [screen, userId]);

  // Stable across renders, so the parts of the screen a scan does not change need not draw again.
  const update = useCallback(
    (change: (d: T) => T) => {
      const next = change(ref.current);
      ref.current = next;
      setDraft(next);
      const saved = writeDraft(screen, userId, next).catch(() => undefined);
      return { next, saved };
    },
    [screen, userId],
  );
  const current = useCallback(() => ref.current, []);

  return { draft, update, current, ready };
}
