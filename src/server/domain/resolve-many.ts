// What a carton's worth of scanned codes are, in two queries whatever their number: the MAC first
// (a forged code never reaches the database), a preprinted code paired with a static one becomes
// its static twin, then each code's mapping, damage, packing and replacement, found by index probes.
import { inArray, sql } from 'drizzle-orm';
import type { ParsedUid, Series } from '../../shared/codes.js';
import { staticPairs } from '../db/schema.js';
import type { CodeMac } from './code-mac.js';
import type { Tx } from './ranges.js';
import { sqlArray } from './sql-rows.js';

export interface CodeMapping {
  mappingId: number;
  companyId: number;
  productId: number;
  batchNo: string;
  mfgDate: string;
  expDate: string;
  /** The reason its batch was recalled (Recall/CreateRecall); null when it is not. */
  recallReason: string | null;
}

export type CodeState =
  | { state: 'forged' }
  | {
      state: 'resolved';
      code: ParsedUid;
      /** The code the item is known by: a paired preprinted code's static twin, else itself. */
      series: Series;
      serial: number;
      mapping: CodeMapping | null;
      damageReason: string | null;
      packedIn: string | null;
      /** Retired for good by Replace (domain/replace-pid.ts): never packed again. */
      replaced: boolean;
    };

const key = (s: Series, n: number) => `${s.kind}:${s.kind === 'S' ? s.prefix.toUpperCase() : ''}:${n}`;

/** Resolves each scan, in order, as the company sees it: another company's code has no mapping nor
 *  facts (every caller refuses a code not mapped to its company first, as it refuses an unmapped one).
 *  The twin of a paired preprinted code is found whoever paired it, so the series it is known by (and
 *  locked under) is the same for every caller. */
export async function resolveMany(
  tx: Tx,
  codes: CodeMac,
  companyId: number,
  scans: readonly string[],
): Promise<CodeState[]> {
  const parsed = scans.map((s) => codes.check(s));
  const preprinted = parsed.filter((c): c is ParsedUid => c?.kind === 'P').map((c) => c.serial);
  const twins = new Map<number, { prefix: string; staticNo: number }>();
  if (preprinted.length) {
    const rows = await tx
      .select({ p: staticPairs.preprintedNo, prefix: staticPairs.prefix, s: staticPairs.staticNo })
      .from(staticPairs)
      .where(inArray(staticPairs.preprintedNo, preprinted));
    for (const r of rows) twins.set(r.p, { prefix: r.prefix, staticNo: r.s });
  }
  const canonical = parsed.map((c) => {
    if (!c) return null;
    const twin = c.kind === 'P' ? twins.get(c.serial) : undefined;
    const series: Series = twin
      ? { kind: 'S', prefix: twin.prefix.toUpperCase() }
      : { kind: c.kind, prefix: c.kind === 'S' ? c.prefix.toUpperCase() : '' };
    return { code: c, series, serial: twin ? twin.staticNo : c.serial };
  });
  const known = canonical.filter((c) => c !== null);
  const facts = new Map<
    string,
    { mapping: CodeMapping | null; damageReason: string | null; packedIn: string | null; replaced: boolean }
  >();
  if (known.length) {
    // Both drivers (node-postgres, PGlite) answer { rows }.
    const result = (await tx.execute(sql`
      select u.kind, u.prefix, u.n, m.id as mapping_id, m.company_id, m.product_id, m.batch_no,
        to_char(m.mfg_date, 'YYYY-MM-DD') as mfg_date, to_char(m.exp_date, 'YYYY-MM-DD') as exp_date,
        d.reason as damage_reason, it.secondary_id, r.id as replacement_id,
        (select rc.reason from recalls rc where rc.company_id = m.company_id and rc.product_id = m.product_id and lower(rc.batch_no) = lower(m.batch_no) limit 1) as recall_reason
      from unnest(${sqlArray(
        known.map((c) => c.series.kind),
        'varchar[]',
      )}, ${sqlArray(
        known.map((c) => c.series.prefix),
        'varchar[]',
      )},
        ${sqlArray(
          known.map((c) => c.serial),
          'bigint[]',
        )}) as u(kind, prefix, n)
      left join lateral (select * from mappings x where x.company_id = ${companyId} and x.kind = u.kind and x.prefix = u.prefix and x.from_no <= u.n
        order by x.from_no desc limit 1) m on m.to_no >= u.n
      left join lateral (select * from damages x where x.company_id = ${companyId} and x.kind = u.kind and x.prefix = u.prefix and x.from_no <= u.n
        order by x.from_no desc limit 1) d on d.to_no >= u.n
      left join items it on it.company_id = ${companyId} and it.kind = u.kind and it.prefix = u.prefix and it.serial_no = u.n and it.secondary_id is not null
      left join replacements r on r.company_id = ${companyId} and r.old_kind = u.kind and r.old_prefix = u.prefix and r.old_serial = u.n`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    for (const r of result.rows) {
      facts.set(key({ kind: r.kind as 'P' | 'S', prefix: String(r.prefix) }, Number(r.n)), {
        mapping:
          r.mapping_id === null
            ? null
            : {
                mappingId: Number(r.mapping_id),
                companyId: Number(r.company_id),
                productId: Number(r.product_id),
                batchNo: String(r.batch_no),
                mfgDate: String(r.mfg_date),
                expDate: String(r.exp_date),
                recallReason:
                  r.recall_reason === null || r.recall_reason === undefined ? null : String(r.recall_reason),
              },
        damageReason: r.damage_reason === null ? null : String(r.damage_reason),
        packedIn: r.secondary_id === null ? null : String(r.secondary_id),
        replaced: r.replacement_id !== null,
      });
    }
  }
  return canonical.map((c) => {
    if (!c) return { state: 'forged' };
    const f = facts.get(key(c.series, c.serial)) ?? {
      mapping: null,
      damageReason: null,
      packedIn: null,
      replaced: false,
    };
    return { state: 'resolved', code: c.code, series: c.series, serial: c.serial, ...f };
  });
}
