import { describe, expect, it } from 'vitest';
import { buildAccessTree } from '../../../src/shared/menu.js';
import {
  isPartial,
  tickedKeys,
  tickGroup,
  tickPage,
} from '../../../src/client/features/masters/access-right/access-tree.js';

const masters = (t: ReturnType<typeof buildAccessTree>) => t.find((g) => g.key === '2')!;

describe('access-right ticking', () => {
  it('select-all ticks every page of the group and only that group', () => {
    const t = tickGroup(buildAccessTree(new Set()), '2', true);
    expect(masters(t).Status).toBe(true);
    expect(masters(t).children.every((c) => c.Status)).toBe(true);
    expect(t.find((g) => g.key === '3')!.children.some((c) => c.Status)).toBe(false);
  });

  it("a non-admin's select-all ticks and clears only the pages it holds; the rest keep their box", () => {
    const held = new Set(['215', '213']);
    const on = tickGroup(buildAccessTree(new Set(['207'])), '2', true, held);
    expect(tickedKeys(on)).toEqual(['207', '213', '215']);
    expect(masters(on).Status).toBe(false);
    const off = tickGroup(on, '2', false, held);
    expect(tickedKeys(off)).toEqual(['207']);
  });

  it('unticking one page clears the select-all box', () => {
    const t = tickPage(tickGroup(buildAccessTree(new Set()), '2', true), '2', '215', false);
    expect(masters(t).Status).toBe(false);
    expect(isPartial(masters(t))).toBe(true);
    expect(tickedKeys(t)).not.toContain('215');
  });

  it('ticking the last page ticks the select-all box', () => {
    const all = masters(buildAccessTree(new Set())).children.map((c) => c.key);
    const t = tickPage(buildAccessTree(new Set(all.filter((k) => k !== '201'))), '2', '201', true);
    expect(masters(t).Status).toBe(true);
  });

  it('saves the ticked page keys', () => {
    const t = tickPage(tickPage(buildAccessTree(new Set()), '2', '215', true), '4', '401', true);
    expect(tickedKeys(t)).toEqual(['215', '401']);
  });
});
