// "Data as of 09:42" for a floor screen's header strip: the time of the stalest part of the cache
// (the device knows nothing newer than that for sure), each part's time in the tooltip.
import { Text } from '@mantine/core';
import { CACHE_PARTS, type CachePart } from '@shared/contracts/floor/cache.js';
import { useFloorCache } from './floor-cache.js';
import type { FloorCache } from './lookup.js';
import { en } from '../words/en.js';
import { useFloorWords } from '../words/floor-lang.js';

const PART_LABEL: Record<CachePart, string> = {
  masters: 'Products and sites',
  mappings: 'Mappings',
  damages: 'Damages',
  pairs: 'Static pairs',
  packed: 'Packed items',
  open: 'Open cartons',
  dispatch: 'Dispatch data',
};

const two = (n: number) => String(n).padStart(2, '0');

/** HH:MM today, else D Mon HH:MM. */
export function asOfText(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return new Date(now).toDateString() === d.toDateString()
    ? time
    : `${d.getDate()} ${d.toLocaleString('en', { month: 'short' })} ${time}`;
}

/** The line and its tooltip for a cache (undefined: not loaded from the device yet). */
export function freshness(
  cache: FloorCache | undefined,
  now = Date.now(),
): { text: string; title: string; stale: boolean } {
  const times = CACHE_PARTS.map((p) => cache?.refreshedAt[p]);
  const known = times.filter((t): t is number => t !== undefined);
  if (known.length === 0) return { text: en.dataNotLoaded, title: en.dataLoadsOnline, stale: true };
  const oldest = Math.min(...known);
  const title = CACHE_PARTS.map(
    (p, i) => `${PART_LABEL[p]}: ${times[i] === undefined ? 'not yet loaded' : asOfText(times[i]!, now)}`,
  ).join('\n');
  const partial = known.length < CACHE_PARTS.length;
  return {
    text: en.dataAsOf(asOfText(oldest, now), partial),
    title,
    stale: partial || now - oldest > 60 * 60_000,
  };
}

export function CacheFreshness() {
  const f = freshness(useFloorCache());
  const { say } = useFloorWords();
  return (
    <Text
      component="span"
      size="xs"
      c={f.stale ? 'orange.8' : 'dimmed'}
      title={say(f.title)}
      style={{ whiteSpace: 'nowrap' }}
      aria-live="polite"
    >
      {say(f.text)}
    </Text>
  );
}
