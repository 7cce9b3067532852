// Pick Lucky Users' form (spec 3 sections 2, 5, 9): its starting values, the body it sends (dates as
// MM/DD/YYYY) and where each of the contract's messages shows: date problems as an error toast,
// the others under their fields. Pure, so it is unit-tested.
import { luckyRequest, type LuckyRequest } from '@shared/contracts/loyalty/lucky.js';
import { addDays } from '@shared/contracts/numbers/fields.js';
import { indiaDate } from '@shared/today.js';

export interface LuckyValues {
  ProductId: number | null;
  /** A state id (Scheme/GetLocations). */
  Location: number | null;
  /** 'YYYY-MM-DD', as the date inputs hold them. */
  FromDate: string;
  ToDate: string;
  /** As the number box gives it: a number, or the text while it is not one ('' when empty). */
  Qty: number | string;
}

/** The report screens' default range: the last seven days, today included. */
export function luckyStart(today: string = indiaDate()): LuckyValues {
  return { ProductId: null, Location: null, FromDate: addDays(today, -6), ToDate: today, Qty: '' };
}

/** 'MM/DD/YYYY' from a date input's 'YYYY-MM-DD'; anything else as it is (the contract names it). */
export function usDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

export function luckyBody(v: LuckyValues): LuckyRequest {
  return {
    ProductId: v.ProductId ?? '',
    Location: v.Location ?? '',
    FromDate: usDate(v.FromDate),
    ToDate: usDate(v.ToDate),
    Qty: v.Qty,
  };
}

export type LuckyField = 'ProductId' | 'Location' | 'Qty';

export interface LuckyProblems {
  /** The first date message, for an error toast. */
  toast?: string;
  fields: Partial<Record<LuckyField, string>>;
}

/** Null when the body passes the contract the server checks it with. */
export function luckyProblems(body: LuckyRequest): LuckyProblems | null {
  const parsed = luckyRequest.safeParse(body);
  if (parsed.success) return null;
  const found: LuckyProblems = { fields: {} };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === 'FromDate' || key === 'ToDate') found.toast ??= issue.message;
    else if (key === 'ProductId' || key === 'Location' || key === 'Qty') found.fields[key] ??= issue.message;
  }
  return found;
}
