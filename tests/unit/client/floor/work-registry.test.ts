// The floor's local-work registry (src/client/floor/work/registry.ts) against the contracts: every
// idempotent save (one a device may queue in the outbox) has exactly one local effect, or is named as
// never queued by our screens. A save added without its effect fails here, before a device checks scans
// without the work it queued.
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../../src/shared/endpoint.js';
import { FLOOR_PAGES } from '../../../../src/shared/pages.js';
import { FLOOR_WORK, FLOOR_WORK_PATHS, NOT_QUEUED } from '../../../../src/client/floor/work/registry.js';

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && typeof (v as Endpoint).path === 'string';

/** Every endpoint declared idempotent in src/shared/contracts, found by walking the modules' exports
 *  (an API object of endpoints, or an endpoint itself). */
function idempotentSaves(): string[] {
  const modules = import.meta.glob('../../../../src/shared/contracts/**/*.ts', { eager: true });
  const paths = new Set<string>();
  for (const mod of Object.values(modules)) {
    for (const value of Object.values(mod as Record<string, unknown>)) {
      const candidates = isEndpoint(value)
        ? [value]
        : typeof value === 'object' && value !== null
          ? Object.values(value)
          : [];
      for (const e of candidates) if (isEndpoint(e) && e.idempotent) paths.add(e.path);
    }
  }
  return [...paths].sort();
}

describe('the floor work registry', () => {
  const registered = FLOOR_WORK.map((w) => w.endpoint.path);

  it('holds one local effect for every floor save a device queues', () => {
    const saves = idempotentSaves();
    expect(saves).toContain('SecondaryPacking/save');
    expect(saves.filter((p) => !NOT_QUEUED.some((e) => e.path === p))).toEqual([...registered].sort());
  });

  it('registers each save once, and never one named as not queued', () => {
    expect(FLOOR_WORK_PATHS.size).toBe(registered.length);
    expect(NOT_QUEUED.filter((e) => FLOOR_WORK_PATHS.has(e.path))).toEqual([]);
    expect(FLOOR_WORK.filter((w) => !w.endpoint.idempotent).map((w) => w.endpoint.path)).toEqual([]);
  });

  it('has each save called from floor pages (the page registry marks them), which also load the caches', () => {
    const floor = new Set(FLOOR_PAGES.map((p) => p.key));
    const outside = FLOOR_WORK.flatMap((w) => {
      const { access } = w.endpoint;
      return typeof access === 'object'
        ? access.pages.filter((p) => !floor.has(p.key)).map((p) => `${w.endpoint.path}: ${p.label}`)
        : [w.endpoint.path];
    });
    expect(outside).toEqual([]);
  });
});
