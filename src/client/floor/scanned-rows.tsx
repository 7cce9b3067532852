// The list of what a floor screen has scanned (packing, dispatch): newest first, a big main line and a
// detail line per row, a 48 px delete per row. Each row is memoised, so a scan draws one new row.
import { ActionIcon, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useFloorWords } from './words/floor-lang.js';

export interface ScannedView {
  key: string;
  main: string;
  detail: string;
}

interface RowProps {
  rowKey: string;
  main: string;
  detail: string;
  onDelete: (key: string) => void;
}

const ScannedRow = memo(function ScannedRow({ rowKey, main, detail, onDelete }: RowProps) {
  const { w } = useFloorWords();
  return (
    <Paper component="li" withBorder p="xs" className="ft-packing__row">
      <div className="ft-packing__rowtext">
        <Text fw={700} fz="lg" className="ft-packing__main">
          {main}
        </Text>
        <Text fz="sm" c="dimmed" truncate>
          {detail}
        </Text>
      </div>
      <ActionIcon
        size={48}
        variant="subtle"
        color="red"
        aria-label={w.deleteRow(main)}
        onClick={() => onDelete(rowKey)}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9z" />
        </svg>
      </ActionIcon>
    </Paper>
  );
});

export function ScannedRows<R>({
  rows,
  view,
  onDelete,
}: {
  rows: readonly R[];
  view: (r: R) => ScannedView;
  onDelete: (key: string) => void;
}) {
  const { w } = useFloorWords();
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        {w.noData}
      </Text>
    );
  // Newest first: the row just scanned is the one the operator looks for.
  return (
    <Stack gap={4} component="ol" className="ft-packing__list" aria-label={w.scannedList}>
      {[...rows].reverse().map((r) => {
        const v = view(r);
        return <ScannedRow key={v.key} rowKey={v.key} main={v.main} detail={v.detail} onDelete={onDelete} />;
      })}
    </Stack>
  );
}
