// Suspected copies on Secondary Packing (issue 27 item 3). A copied label carries a genuine pack's
// printed number under another code (its MAC wrong); the device has no key to tell which is which.
// So two different codes of one number are both set aside, and the server is asked which is genuine
// (PACKING_API.checkCodes) as soon as the device is online. Until then a code of that number is
// refused as held; once known, the copy is refused as a copy, and the genuine pack packs as any other,
// even where the copy sits in a carton this device closed (the server refuses that carton for the copy,
// and Pending work sends it without it).
import { COPY_MSG } from '@shared/contracts/floor/packing.js';

/** A printed number held aside: the codes seen for it and, once the server has said, the genuine ones. */
export interface HeldPack {
  key: string;
  shown: string;
  uids: string[];
  /** Unset until the server has answered. */
  genuine?: string[];
}

/** What a scan of a held number is: refused (held, or a copy), or a genuine pack to check as usual. */
export type HeldVerdict = { refuse: string } | { genuine: true } | null;

export function heldVerdict(held: readonly HeldPack[], key: string, uid: string, shown: string): HeldVerdict {
  const h = held.find((x) => x.key === key);
  if (!h) return null;
  if (!h.genuine) return { refuse: COPY_MSG.held(shown) };
  return h.genuine.includes(uid) ? { genuine: true } : { refuse: COPY_MSG.copy(shown) };
}

/** A second code of a number already in the carton or in a carton closed here: the number to hold. */
export function suspectedCopy(
  key: string,
  uid: string,
  shown: string,
  inCarton: string | undefined,
  queued: { uid: string; sid: string } | undefined,
): { held: HeldPack; message: string } | null {
  if (inCarton !== undefined && inCarton !== uid)
    return { held: { key, shown, uids: [inCarton, uid] }, message: COPY_MSG.inCarton(shown) };
  if (queued !== undefined && queued.uid !== uid)
    return { held: { key, shown, uids: [queued.uid, uid] }, message: COPY_MSG.inQueued(shown, queued.sid) };
  return null;
}

/** The held list with a new hold: a number already held gains the code. */
export function hold(list: readonly HeldPack[], h: HeldPack): HeldPack[] {
  const at = list.findIndex((x) => x.key === h.key);
  if (at === -1) return [...list, h];
  const old = list[at]!;
  const uids = [...new Set([...old.uids, ...h.uids])];
  // A code not yet asked about: the server is asked again.
  const next: HeldPack = uids.length > old.uids.length ? { key: old.key, shown: old.shown, uids } : old;
  return list.map((x, i) => (i === at ? next : x));
}

/** The server's answer applied: each held number gets its genuine codes (those it was asked about). */
export function withVerdicts(list: readonly HeldPack[], answers: ReadonlyArray<{ UID: string; Genuine: boolean }>) {
  const asked = new Map(answers.map((a) => [a.UID, a.Genuine]));
  return list.map((h) =>
    h.genuine === undefined && h.uids.every((u) => asked.has(u))
      ? { ...h, genuine: h.uids.filter((u) => asked.get(u)) }
      : h,
  );
}

/** The codes still waiting for the server's word. */
export const unchecked = (list: readonly HeldPack[]) =>
  list.filter((h) => h.genuine === undefined).flatMap((h) => h.uids);
