// One verification: the position first (asked once per visit, at most POSITION_WAIT_MS), then
// ProductAuthentication/VerifyProduct. main.tsx starts the first before React draws anything.
import { verifyProduct, type Visitor } from './api.js';
import { currentPosition, type Position } from './geo.js';

let position: Promise<Position | null> | null = null;

/** The visitor's position, asked for once: a retry or the details form reuses it. */
export const positionOnce = (): Promise<Position | null> => (position ??= currentPosition());

export async function check(code: string, visitor: Visitor | null) {
  return verifyProduct(code, await positionOnce(), visitor);
}

/** The position as the redemption payload's Location ('' when the visitor gave none). */
export async function locationText(): Promise<string> {
  const p = await positionOnce();
  return p ? `${p.Latitude}, ${p.Longitude}` : '';
}

const VISITOR_KEY = 'fieldtrace:visitor';

/** The details this phone gave last time, to fill the form in again (nothing is sent without Submit). */
export function rememberedVisitor(): Visitor {
  try {
    const v = JSON.parse(localStorage.getItem(VISITOR_KEY) ?? 'null') as Partial<Visitor> | null;
    const text = (s: unknown) => (typeof s === 'string' ? s : '');
    return { Name: text(v?.Name), email: text(v?.email), MobileNo: text(v?.MobileNo) };
  } catch {
    return { Name: '', email: '', MobileNo: '' };
  }
}

export function rememberVisitor(v: Visitor) {
  try {
    localStorage.setItem(VISITOR_KEY, JSON.stringify(v));
  } catch {
    // not kept: the form starts empty next time
  }
}
