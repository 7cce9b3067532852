// The sizes of the reports benchmark's data (reports-data.ts), from the command line: `--scale s` (1 =
// issue 14's year: 5,000 blocks, 10 M codes, 1 M verifications, the year's events only), or `--harvest`
// (issue 29 item 6: 100 M codes, 2 M packed items, 10 M verifications, 10 M events), which
// `--scale-down f` shrinks for a trial run (the mapping size kept, so its arithmetic is what is tried).

/** How much data: blocks of the plan (200 packed items and two mappings each), and the rest. */
export interface ReportsSizes {
  blocks: number;
  /** Codes in each mapping (two a block); the first 100 of each are packed. */
  codesPerMapping: number;
  verifications: number;
  /** Events in all: the earlier years' log makes up what the year's world leaves short; null, the year's only. */
  eventsInAll: number | null;
}

/** A mapping needs room past its 100 packed codes for the unpacked ones verified and a damaged sub-range. */
const MIN_CODES_PER_MAPPING = 200;

/** Issue 14's sizes times `scale`: scale 1 is the data the 10 M figures were measured on. */
export function sizesOfScale(scale: number): ReportsSizes {
  if (!(scale > 0)) throw new Error('--scale must be a positive number');
  return {
    blocks: Math.max(4, 2 * Math.round(2500 * scale)),
    codesPerMapping: 1000,
    verifications: Math.max(100, Math.round(1_000_000 * scale)),
    eventsInAll: null,
  };
}

/** Issue 29 item 6: 10,000 blocks (2 M packed items), 5,000 codes a mapping (100 M codes), 10 M
 *  verifications, 10 M events. */
export const HARVEST: ReportsSizes = {
  blocks: 10_000,
  codesPerMapping: 5_000,
  verifications: 10_000_000,
  eventsInAll: 10_000_000,
};

/** The sizes times `factor`, the mapping size kept (an even number of blocks: they go in pairs). */
export function scaledDown(s: ReportsSizes, factor: number): ReportsSizes {
  if (!(factor > 0 && factor <= 1)) throw new Error('--scale-down must be in (0, 1]');
  return {
    blocks: Math.max(4, 2 * Math.round((s.blocks * factor) / 2)),
    codesPerMapping: s.codesPerMapping,
    verifications: Math.max(100, Math.round(s.verifications * factor)),
    eventsInAll: s.eventsInAll === null ? null : Math.round(s.eventsInAll * factor),
  };
}

export function checkSizes(s: ReportsSizes): ReportsSizes {
  const whole = (v: number, min: number) => Number.isSafeInteger(v) && v >= min;
  if (!whole(s.blocks, 4) || s.blocks % 2 !== 0) throw new Error('blocks: an even number, at least 4');
  if (!whole(s.codesPerMapping, MIN_CODES_PER_MAPPING))
    throw new Error(`codes per mapping: at least ${MIN_CODES_PER_MAPPING}`);
  if (!whole(s.verifications, 1)) throw new Error('verifications: at least 1');
  if (s.eventsInAll !== null && !whole(s.eventsInAll, 0)) throw new Error('events in all: a whole number');
  return s;
}

/** The sizes an argv asks for: --harvest [--scale-down f], else --scale s (default 1). */
export function sizesOfArgs(argv: string[]): { sizes: ReportsSizes; label: string; harvest: boolean } {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    const v = Number(argv[i + 1]);
    if (!Number.isFinite(v)) throw new Error(`--${name} needs a number`);
    return v;
  };
  if (argv.includes('--harvest')) {
    if (value('scale') !== undefined) throw new Error('--harvest and --scale do not go together (use --scale-down)');
    const down = value('scale-down');
    const sizes = checkSizes(down === undefined ? HARVEST : scaledDown(HARVEST, down));
    return { sizes, label: down === undefined ? 'harvest' : `harvest scaled down ${down}`, harvest: true };
  }
  if (value('scale-down') !== undefined) throw new Error('--scale-down goes with --harvest');
  const scale = value('scale') ?? 1;
  return { sizes: checkSizes(sizesOfScale(scale)), label: `scale ${scale}`, harvest: false };
}

export const describeSizes = (s: ReportsSizes) =>
  `${s.blocks} blocks (${s.blocks * 200} packed items), ${s.codesPerMapping} codes a mapping (${2 * s.blocks * s.codesPerMapping} codes), ` +
  `${s.verifications} verifications, ${s.eventsInAll === null ? "the year's events" : `${s.eventsInAll} events in all`}`;
