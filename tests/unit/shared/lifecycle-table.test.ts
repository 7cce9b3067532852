// The README's lifecycle table is the rules' own output: a rule changed without the table fails here
// (regenerate with `npx tsx scripts/lifecycle-table.ts`).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { cartonTable, packTable } from '../../../src/shared/lifecycle/table.js';

it('the README holds the lifecycle table as the rules give it', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const shown = readme.split('<!-- lifecycle-table:start -->\n')[1]?.split('\n<!-- lifecycle-table:end -->')[0];
  expect(shown).toBe(`${packTable()}\n\n${cartonTable()}`);
});
