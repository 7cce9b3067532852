// docs/lifecycle.md's table is the rules' own output: a rule changed without the table fails here
// (regenerate with `npx tsx scripts/lifecycle-table.ts`).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { cartonTable, packTable } from '../../../src/shared/lifecycle/table.js';

it('docs/lifecycle.md holds the lifecycle table as the rules give it', () => {
  const doc = readFileSync(new URL('../../../docs/lifecycle.md', import.meta.url), 'utf8');
  const shown = doc.split('<!-- lifecycle-table:start -->\n')[1]?.split('\n<!-- lifecycle-table:end -->')[0];
  expect(shown).toBe(`${packTable()}\n\n${cartonTable()}`);
});
