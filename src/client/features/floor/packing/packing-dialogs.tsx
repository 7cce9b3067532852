// The packing screens' own dialog (spec 2 sections 2, 4): the carton slip scan that closes a carton,
// with a scan box of its own, so a scanner's trigger lands in the dialog.
import { Button, Stack } from '@mantine/core';
import { FloorModal } from '../../../floor/floor-dialogs.js';
import { ScanBox, type ScanVerdict } from '../../../floor/scan-box.js';

export function SlipDialog({
  opened,
  title,
  onSlip,
  ready,
  onClose,
}: {
  opened: boolean;
  title: string;
  onSlip: (text: string) => ScanVerdict | Promise<ScanVerdict>;
  /** The screen's facts are read (a slip used here is known). */
  ready: boolean;
  onClose: () => void;
}) {
  return (
    <FloorModal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <ScanBox
          label="Carton slip"
          placeholder="Scan the carton slip"
          onScan={onSlip}
          ready={ready}
          idleMessage="Scan the slip to close the carton"
        />
        <Button size="lg" variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Stack>
    </FloorModal>
  );
}
