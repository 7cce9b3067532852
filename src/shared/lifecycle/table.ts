// The lifecycle as a table (docs/lifecycle.md): every operation against every state, with the message a
// refusal gives, read off the rules themselves so the table cannot drift from what the code does.
import { CARTON_OPERATIONS, cartonRefusal, PACK_OPERATIONS, packRefusal, verdictOf } from './rules.js';
import { CARTON_STATES, NO_FLAGS, PACK_STATES, type Flags } from './states.js';

const FLAG_ROWS: Array<[string, Flags]> = [
  ['recalled', { recalled: '{reason}', expired: null }],
  ['expired', { recalled: null, expired: '{date}' }],
];

const cell = (refusal: string | null, warning?: string | null) =>
  refusal === null ? (warning ? `ok; warns: ${warning}` : 'ok') : refusal;

/** The pack table as Markdown: states (and the flags on a mapped pack) by operations. */
export function packTable(): string {
  const head = `| pack state | ${PACK_OPERATIONS.join(' | ')} |\n|---|${PACK_OPERATIONS.map(() => '---').join('|')}|`;
  const row = (name: string, state: (typeof PACK_STATES)[number], flags: Flags) => {
    const p = { code: '{code}', state, flags, sid: '{sid}', reason: '{reason}' };
    const cells = PACK_OPERATIONS.map((op) =>
      op === 'verify' ? cell(verdictOf(p).refusal, verdictOf(p).warning) : cell(packRefusal(op, p)),
    );
    return `| ${name} | ${cells.join(' | ')} |`;
  };
  return [
    head,
    ...PACK_STATES.map((s) => row(s, s, NO_FLAGS)),
    ...FLAG_ROWS.map(([n, f]) => row(`in-sid, ${n}`, 'in-sid', f)),
  ].join('\n');
}

/** The carton table as Markdown: states (at the caller's site, and the flags) by operations. */
export function cartonTable(): string {
  const head = `| carton state | ${CARTON_OPERATIONS.join(' | ')} |\n|---|${CARTON_OPERATIONS.map(() => '---').join('|')}|`;
  const row = (name: string, state: (typeof CARTON_STATES)[number], flags: Flags) => {
    const c = { id: '{id}', state, flags, here: true, tid: '{tid}', did: '{did}', by: '{by}' };
    return `| ${name} | ${CARTON_OPERATIONS.map((op) => cell(cartonRefusal(op, c))).join(' | ')} |`;
  };
  return [
    head,
    ...CARTON_STATES.map((s) => row(s, s, NO_FLAGS)),
    ...FLAG_ROWS.map(([n, f]) => row(`packed, ${n}`, 'packed', f)),
  ].join('\n');
}
