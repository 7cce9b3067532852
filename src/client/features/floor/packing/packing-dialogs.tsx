// The packing screens' own dialog (spec 2 sections 2, 4): the carton slip scan that closes a carton,
// with a scan box of its own, so a scanner's trigger lands in the dialog.
import { Button, Stack } from '@mantine/core';
import { FloorModal } from '../../../floor/floor-dialogs.js';
import { ScanBox, type ScanVerdict } from '../../../floor/scan-box.js';
import { en } from '../../../floor/words/en.js';
import { useFloorWords } from '../../../floor/words/floor-lang.js';

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
  const { w } = useFloorWords();
  return (
    <FloorModal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <ScanBox
          label={en.cartonSlip}
          placeholder={en.scanSlip}
          onScan={onSlip}
          ready={ready}
          idleMessage={en.scanSlipToClose}
        />
        <Button size="lg" variant="default" onClick={onClose}>
          {w.cancel}
        </Button>
      </Stack>
    </FloorModal>
  );
}
