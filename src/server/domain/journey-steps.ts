// A journey step as the journey's parts make it (a time, ids of the site and user), and the finish:
// the names of every site and user in two lookups, in time order, as the contract's journey items.
import { inArray } from 'drizzle-orm';
import { pidOf, type JourneyItem, type JourneyStepKind } from '../../shared/contracts/tracking.js';
import { sites, users } from '../db/schema.js';
import type { Tx } from './ranges.js';

export interface Step {
  step: JourneyStepKind;
  at: Date;
  activity: string;
  detail?: string;
  /** The site it happened at, or the place in words (a dealer, a visitor's city). */
  siteId?: number | null;
  place?: string;
  /** Who did it, or who in words (a visitor). */
  userId?: number | null;
  who?: string;
  flags?: string[];
}

/** The order of steps made in the same instant (a test's fixtures, one transaction's work). */
const RANK: Record<JourneyStepKind, number> = {
  map: 0,
  pair: 1,
  demap: 2,
  damage: 3,
  'pack-secondary': 4,
  'pack-tertiary': 5,
  dispatch: 6,
  receive: 7,
  missing: 7,
  return: 8,
  'damage-carton': 9,
  replace: 10,
  verify: 11,
};

/** A person as lists show one: first and last name, else the login name. */
export const personName = (u: { firstName: string | null; lastName: string | null; userName: string }) =>
  [u.firstName, u.lastName]
    .filter((s) => s && s.trim())
    .join(' ')
    .trim() || u.userName;

export const joined = (...parts: Array<string | null | undefined | false>) =>
  parts.filter((p): p is string => !!p && p.trim() !== '').join(' · ');

/** A code as an event's detail writes it ('S:KA:950', 'P::7001') as a pack's readable id. */
export function pidOfRef(ref: string): string {
  const [kind, prefix = '', serial = ''] = ref.split(':');
  return kind === 'S' || kind === 'P' ? pidOf({ kind, prefix }, Number(serial)) : ref;
}

async function namesOf(tx: Tx, steps: readonly Step[]) {
  const siteIds = [...new Set(steps.flatMap((s) => (s.siteId ? [s.siteId] : [])))];
  const userIds = [...new Set(steps.flatMap((s) => (s.userId ? [s.userId] : [])))];
  const siteRows = siteIds.length
    ? await tx.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, siteIds))
    : [];
  const userRows = userIds.length
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, userName: users.userName })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  return {
    site: new Map(siteRows.map((s) => [s.id, s.name])),
    user: new Map(userRows.map((u) => [u.id, personName(u)])),
  };
}

/** The journey items, oldest first. */
export async function finishSteps(tx: Tx, steps: readonly Step[]): Promise<JourneyItem[]> {
  const names = await namesOf(tx, steps);
  return [...steps]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || RANK[a.step] - RANK[b.step])
    .map((s) => ({
      activity: s.activity,
      date: s.at.toISOString(),
      place: s.place ?? (s.siteId ? (names.site.get(s.siteId) ?? '') : ''),
      who: s.who ?? (s.userId ? (names.user.get(s.userId) ?? '') : ''),
      detail: s.detail ?? '',
      step: s.step,
      flags: s.flags ?? [],
    }));
}
