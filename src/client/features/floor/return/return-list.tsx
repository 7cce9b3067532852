// The scanned cartons of Carton Return (spec 2 section 2: Carton Id, Product Name, MFG Date, Expire
// Date, delete). On a handheld each carton is a card with a big delete target, newest first, so the
// carton just scanned is on top; on a desk it is the spec's table. Memoised: a scan draws only this.
import { ActionIcon, Paper, Stack, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { formatDate } from '../../../kit/columns.js';
import { DeleteIcon } from '../../../kit/icons.js';
import { useHandheld } from '../../../floor/handheld.js';
import type { ReturnListRow } from './return-scan.js';

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
    aria-label={`Delete ${id}`}
    onClick={() => onDelete(id)}
  >
    <DeleteIcon />
  </ActionIcon>
);

export const ReturnListView = memo(function ReturnListView({ rows, onDelete }: Props) {
  const handheld = useHandheld();
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        No Data found
      </Text>
    );
  const newestFirst = [...rows].reverse();
  if (handheld) {
    return (
      <Stack gap={4} component="ol" className="ft-return__list" aria-label="Scanned cartons">
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
                MFG {formatDate(r.MFGDate) || '–'} · Exp {formatDate(r.EXPDate) || '–'}
              </Text>
            </div>
            <DeleteButton id={r.CartonId} size={48} onDelete={onDelete} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover fz="md" aria-label="Scanned cartons">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Carton Id</Table.Th>
          <Table.Th>Product Name</Table.Th>
          <Table.Th>MFG Date</Table.Th>
          <Table.Th>Expire Date</Table.Th>
          <Table.Th>Action</Table.Th>
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
