// The result table of Replace (spec 2 section 3): Visible No, Product Name, Product Dscrptn, Secondary
// Carton of the code being replaced. One row: on a handheld it is turned on its side (a heading and its
// value per line) so nothing is cut at 360 px, and is one line while empty; on a desktop it is the
// spec's table.
import { Table, Text } from '@mantine/core';
import { memo } from 'react';
import type { DetailsRow } from '@shared/contracts/floor/replace.js';
import { useHandheld } from '../../../floor/handheld.js';
import { useFloorWords } from '../../../floor/words/floor-lang.js';
import type { WordKey } from '../../../floor/words/words.js';

/** `code`: an id read digit by digit, set in a fixed-width face. */
const COLUMNS: ReadonlyArray<{ key: keyof DetailsRow; title: WordKey; code?: boolean }> = [
  { key: 'RandomNumber', title: 'visibleNo', code: true },
  { key: 'ProductName', title: 'productName' },
  { key: 'ProductDscrptn', title: 'productDescription' },
  { key: 'SecondaryCarton', title: 'secondaryCarton', code: true },
];

export const DetailsTable = memo(function DetailsTable({ row }: { row: DetailsRow | null }) {
  const handheld = useHandheld();
  const { w } = useFloorWords();
  const label = w.codeToReplace;
  const noData = w.noData;
  if (handheld) {
    // Nothing loaded: one line, not four empty ones pushing the rest below the fold.
    if (!row)
      return (
        <Text c="dimmed" ta="center" py="xs" aria-label={label}>
          {noData}
        </Text>
      );
    return (
      <Table withTableBorder variant="vertical" layout="fixed" fz="md" aria-label={label}>
        <Table.Tbody>
          {COLUMNS.map((c) => (
            <Table.Tr key={c.key}>
              <Table.Th w={120}>{w[c.title] as string}</Table.Th>
              <Table.Td className={c.code ? 'ft-replace__code' : undefined}>{row[c.key]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Table withTableBorder striped fz="md" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((c) => (
            <Table.Th key={c.key}>{w[c.title] as string}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {row ? (
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Td key={c.key} className={c.code ? 'ft-replace__code' : undefined}>
                {row[c.key]}
              </Table.Td>
            ))}
          </Table.Tr>
        ) : (
          <Table.Tr>
            <Table.Td colSpan={COLUMNS.length}>
              <Text c="dimmed" ta="center">
                {noData}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
});
