// The scanned cartons of Carton Return (spec 2 section 2: Carton Id, Product Name, MFG Date, Expire
// Date, delete). On a handheld each carton is a card with a big delete target, newest first, so the
// carton just scanned is on top; on a desk it is the spec's table. Memoised: a scan draws only this.
import { ActionIcon, Paper, Stack, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { formatDate } from '../../../kit/columns.js';
import { DeleteIcon } from '../../../kit/icons.js';
import { useHandheld } from '../../../floor/handheld.js';
import type { ReturnListRow } from './return-scan.js';
import { useFloorWords } from '../../../floor/words/floor-lang.js';

interface Props {
  rows: readonly ReturnListRow[];
  onDelete: (cartonId: string) => void;
}

const DeleteButton = ({ id, size, onDelete }: { id: string; size: number; onDelete: (id: string) => void }) => (
  <ActionIcon
    size={size}
    variant="subtle"
    color="red"
    className="ft-return__delete"
    aria-label={useFloorWords().w.deleteRow(id)}
    onClick={() => onDelete(id)}
  >
    <DeleteIcon />
  </ActionIcon>
);

export const ReturnListView = memo(function ReturnListView({ rows, onDelete }: Props) {
  const handheld = useHandheld();
  const { w } = useFloorWords();
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        {w.noData}
      </Text>
    );
  const newestFirst = [...rows].reverse();
  if (handheld) {
    return (
      <Stack gap={4} component="ol" className="ft-return__list" aria-label={w.scannedCartons}>
        {newestFirst.map((r) => (
          <Paper key={r.CartonId} component="li" withBorder p="xs" className="ft-return__row">
            <div className="ft-return__rowtext">
              <Text fw={700} fz="lg" className="ft-return__id">
                {r.CartonId}
              </Text>
              <Text fz="sm" truncate>
                {r.ProductName}
              </Text>
              <Text fz="sm" c="dimmed">
                {w.mfgShort(formatDate(r.MFGDate) || '–')} · {w.expShort(formatDate(r.EXPDate) || '–')}
              </Text>
            </div>
            <DeleteButton id={r.CartonId} size={48} onDelete={onDelete} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover fz="md" aria-label={w.scannedCartons}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{w.cartonId}</Table.Th>
          <Table.Th>{w.productName}</Table.Th>
          <Table.Th>{w.mfgDate}</Table.Th>
          <Table.Th>{w.expireDate}</Table.Th>
          <Table.Th>{w.action}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {newestFirst.map((r) => (
          <Table.Tr key={r.CartonId}>
            <Table.Td className="ft-return__id">{r.CartonId}</Table.Td>
            <Table.Td>{r.ProductName}</Table.Td>
            <Table.Td>{formatDate(r.MFGDate)}</Table.Td>
            <Table.Td>{formatDate(r.EXPDate)}</Table.Td>
            <Table.Td>
              <DeleteButton id={r.CartonId} size={36} onDelete={onDelete} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
});
