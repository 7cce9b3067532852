// The operations a generated sequence is made of, in the model's own terms: codes by index (0..CODES-1),
// cartons and dispatches by a local number and the site that made them. A run maps them to real
// serials, slip ids and batch names of its own namespace, so a sequence replays anywhere (shrinking).

export type SiteName = 'F' | 'W';
/** Who a dispatch goes to, or who receives it: a site, or the dealer. */
export type Party = SiteName | 'D';
export type Batch = 'A' | 'B';
export type Via = 'api' | 'push';

/** Codes per namespace; 0..7 belong to batch A, 8..15 to batch B (when mapped from their own half). */
export const CODES = 16;
export const homeBatch = (i: number): Batch => (i < CODES / 2 ? 'A' : 'B');

export interface CartonRef {
  t: 'SID' | 'TID';
  n: number;
  s: SiteName;
}
export const refKey = (r: CartonRef) => `${r.t}${r.s}${r.n}`;

/** A floor save goes through the idempotent call (or the outbox push) under its key. */
export interface Keyed {
  key: number;
  via: Via;
}

export type Op =
  | { k: 'map'; from: number; to: number }
  | ({ k: 'packSid'; site: SiteName; codes: number[]; sid: number } & Keyed)
  | ({ k: 'packTid'; site: SiteName; sids: CartonRef[]; tid: number } & Keyed)
  | ({ k: 'replace'; site: SiteName; old: number; now: number } & Keyed)
  | ({ k: 'dispatch'; site: SiteName; to: Party; cartons: CartonRef[]; did: number } & Keyed)
  | ({ k: 'receive'; by: Party; did: number; from: SiteName; arrived: CartonRef[] | null } & Keyed)
  | ({ k: 'return'; site: SiteName; carton: CartonRef; transit: boolean } & Keyed)
  | { k: 'damageRange'; from: number; to: number }
  | ({ k: 'damageCarton'; site: SiteName; carton: CartonRef } & Keyed)
  | { k: 'demap'; from: number; to: number }
  | { k: 'recall'; batch: Batch }
  | { k: 'expiry'; code: number; past: boolean }
  | { k: 'verify'; code: number; details: boolean }
  | { k: 'redeem'; points: number }
  /** The same floor save sent again under the same key (an outbox replay): the first answer, nothing changed. */
  | { k: 'again'; op: KeyedOp };

export type KeyedOp = Extract<Op, Keyed>;

/** The lifecycle areas, each of which can be left out of the generator (LIFECYCLE_OFF=a,b). */
export const AREAS = [
  'map',
  'pack',
  'replace',
  'dispatch',
  'receive',
  'return',
  'damage',
  'demap',
  'recall',
  'expiry',
  'verify',
  'redeem',
  'replay',
  'push',
  /** Not a kind of step: the device's check of each floor step's scans. */
  'device',
] as const;
export type Area = (typeof AREAS)[number];

export const areaOf = (op: Op): Area => {
  switch (op.k) {
    case 'packSid':
    case 'packTid':
      return 'pack';
    case 'damageRange':
    case 'damageCarton':
      return 'damage';
    case 'again':
      return 'replay';
    default:
      return op.k;
  }
};

/** One line per op, for a failure's printed sequence. */
export const opText = (op: Op): string => {
  const c = (r: CartonRef) => `${r.t}${r.s}${r.n}`;
  const via = 'via' in op ? ` [${op.via} key ${op.key}]` : '';
  switch (op.k) {
    case 'map':
      return `map codes ${op.from}..${op.to}`;
    case 'packSid':
      return `${op.site} packs codes ${op.codes.join(',')} into SID${op.site}${op.sid}${via}`;
    case 'packTid':
      return `${op.site} packs ${op.sids.map(c).join(',')} into TID${op.site}${op.tid}${via}`;
    case 'replace':
      return `${op.site} replaces code ${op.old} by ${op.now}${via}`;
    case 'dispatch':
      return `${op.site} dispatches ${op.cartons.map(c).join(',')} to ${op.to} on DID${op.site}${op.did}${via}`;
    case 'receive':
      return `${op.by} receives DID${op.from}${op.did} (${op.arrived ? op.arrived.map(c).join(',') : 'all'})${via}`;
    case 'return':
      return `${op.site} takes back ${c(op.carton)}${op.transit ? ' from transit' : ' after receipt'}${via}`;
    case 'damageRange':
      return `damage codes ${op.from}..${op.to}`;
    case 'damageCarton':
      return `${op.site} damages ${c(op.carton)}${via}`;
    case 'demap':
      return `de-map codes ${op.from}..${op.to}`;
    case 'recall':
      return `recall batch ${op.batch}`;
    case 'expiry':
      return `expiry of code ${op.code}'s mapping to the ${op.past ? 'past' : 'future'}`;
    case 'verify':
      return `verify code ${op.code}${op.details ? ' with details' : ''}`;
    case 'redeem':
      return `redeem ${op.points} points`;
    case 'again':
      return `again: ${opText(op.op)}`;
  }
};

/** What an op names (codes, cartons, dispatches), for cutting a failing sequence down to what bears
 *  on its last step; maps, recalls and expiries bear on everything. */
export function namesOf(op: Op): string[] | 'all' {
  const codes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `code${from + k}`);
  switch (op.k) {
    case 'map':
    case 'recall':
    case 'expiry':
    case 'redeem':
      return 'all';
    case 'packSid':
      return [...op.codes.map((i) => `code${i}`), refKey({ t: 'SID', n: op.sid, s: op.site })];
    case 'packTid':
      return [...op.sids.map(refKey), refKey({ t: 'TID', n: op.tid, s: op.site })];
    case 'replace':
      return [`code${op.old}`, `code${op.now}`];
    case 'dispatch':
      return [...op.cartons.map(refKey), `DID${op.site}${op.did}`];
    case 'receive':
      return [`DID${op.from}${op.did}`, ...(op.arrived ?? []).map(refKey)];
    case 'return':
    case 'damageCarton':
      return [refKey(op.carton)];
    case 'damageRange':
    case 'demap':
      return codes(op.from, op.to);
    case 'verify':
      return [`code${op.code}`];
    case 'again':
      return namesOf(op.op);
  }
}
