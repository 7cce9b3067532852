// The export's one order, for queries, downloads and the partner feed: the source row's time (the
// server's, to the microsecond), then its source (the event log before recalls at the same time),
// then its id; `skip` counts the events of that row already given (a row may make many events).
export const SOURCE = { log: 0, recall: 1 } as const;
export type Source = (typeof SOURCE)[keyof typeof SOURCE];

export interface Position {
  micros: number;
  source: Source;
  id: number;
  skip: number;
}

export const START: Position = { micros: 0, source: SOURCE.log, id: 0, skip: 0 };

/** Microseconds since the epoch as the ISO text PostgreSQL reads without losing any. */
export function microsText(micros: number): string {
  const ms = Math.floor(micros / 1000);
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micros - ms * 1000).padStart(3, '0')}Z`;
}

/** The position just past every event of a row (the feed acknowledges whole rows). */
export const pastRow = (p: Position): Position => ({ ...p, id: p.id + 1, skip: 0 });
