// The floor's dialogs (spec 2 sections 2, 4): full screen on a handheld. A remark (a fractional
// carton's, the approval for newer stock) and the older stock list, used by the packing screens and
// Dispatch alike.
import { Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { StockCarton } from '@shared/contracts/floor/dispatch.js';
import { formatDate } from '@shared/cell-format.js';
import { useHandheld } from './handheld.js';
import { useFloorWords } from './words/floor-lang.js';

export function FloorModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const handheld = useHandheld();
  const { say } = useFloorWords();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={say(title)}
      fullScreen={handheld}
      size="lg"
      centered
      styles={{ title: { fontWeight: 700, fontSize: '1.2rem' } }}
    >
      {children}
    </Modal>
  );
}

export interface RemarkDialogProps {
  opened: boolean;
  title: string;
  label: string;
  /** The message while the remark is not acceptable, or null. */
  problem: (text: string) => string | null;
  onDone: (text: string) => void;
  onClose: () => void;
  initial?: string;
}

export function RemarkDialog({ opened, title, label, problem, onDone, onClose, initial = '' }: RemarkDialogProps) {
  const { w, say } = useFloorWords();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const done = () => {
    const p = problem(text);
    if (p) setError(p);
    else onDone(text.trim());
  };
  return (
    <FloorModal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Textarea
          label={say(label)}
          value={text}
          autosize
          minRows={3}
          maxLength={200}
          data-autofocus
          error={error && say(error)}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          styles={{ input: { fontSize: '1.1rem' } }}
        />
        <Group grow>
          <Button size="lg" variant="default" onClick={onClose}>
            {w.cancel}
          </Button>
          <Button size="lg" onClick={done}>
            {w.ok}
          </Button>
        </Group>
      </Stack>
    </FloorModal>
  );
}

export interface OlderStockDialogProps {
  opened: boolean;
  older: readonly StockCarton[];
  productName: (id: number) => string;
  onContinue: () => void;
  onClose: () => void;
  message: string;
  listTitle: string;
}

/** '500': older stock waits. Go on with the latest stock, or see the Older Stock List. */
export function OlderStockDialog({
  opened,
  older,
  productName,
  onContinue,
  onClose,
  message,
  listTitle,
}: OlderStockDialogProps) {
  const [listing, setListing] = useState(false);
  const { w, say } = useFloorWords();
  return (
    <FloorModal
      opened={opened}
      onClose={() => {
        setListing(false);
        onClose();
      }}
      title={listing ? listTitle : w.olderStock}
    >
      <Stack>
        {!listing && (
          <Text fz="lg">
            {say(message)} {w.continueLatest}
          </Text>
        )}
        {listing && (
          <Table striped fz="md" aria-label={say(listTitle)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{w.cartonId}</Table.Th>
                <Table.Th>{w.productName}</Table.Th>
                <Table.Th>{w.mfgDate}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {older.map((o) => (
                <Table.Tr key={o.CartonId}>
                  <Table.Td>{o.CartonId}</Table.Td>
                  <Table.Td>{productName(o.ProductId)}</Table.Td>
                  <Table.Td>{formatDate(o.MFGDate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group grow>
          {!listing && (
            <Button size="lg" variant="default" onClick={() => setListing(true)}>
              {say(listTitle)}
            </Button>
          )}
          {listing && (
            <Button
              size="lg"
              variant="default"
              onClick={() => {
                setListing(false);
                onClose();
              }}
            >
              {w.close}
            </Button>
          )}
          <Button
            size="lg"
            color="orange"
            onClick={() => {
              setListing(false);
              onContinue();
            }}
          >
            {w.continue}
          </Button>
        </Group>
      </Stack>
    </FloorModal>
  );
}
