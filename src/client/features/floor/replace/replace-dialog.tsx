// The dialog 'Scan the Primary QR/Carton Slip For Replacing' (spec 2 sections 3, 4): the code being
// replaced, a scan box of its own for the new code (a scanner's trigger lands here while it is open),
// and Replace, which asks for a scan when nothing was scanned. Full screen on a handheld.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { REPLACE_MSG } from '@shared/contracts/floor/replace.js';
import { useHandheld } from '../../../floor/handheld.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../../floor/scan-box.js';
import type { FirstCode } from './replace-rules.js';
import { en } from '../../../floor/words/en.js';
import { useFloorWords } from '../../../floor/words/floor-lang.js';

interface Props {
  first: FirstCode;
  /** What the server said of the first code, when it refused it (asked online, in the background). */
  notice: string | null;
  onScan: (text: string) => ScanVerdict | Promise<ScanVerdict>;
  /** The screen's facts are read (codes replaced here are known). */
  ready: boolean;
  onClose: () => void;
}

export function ReplaceDialog({ first, notice, onScan, ready, onClose }: Props) {
  const handheld = useHandheld();
  const box = useRef<ScanBoxHandle>(null);
  const pid = first.type === 'PID';
  const { w, say } = useFloorWords();
  // Scans are taken as they come; the button is there for the operator who looks for one.
  const replace = () => {
    box.current?.announce({ ok: false, message: REPLACE_MSG.enterQr });
    box.current?.focus();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={say(REPLACE_MSG.dialogTitle)}
      fullScreen={handheld}
      size="lg"
      centered
      styles={{ title: { fontWeight: 700, fontSize: '1.2rem' } }}
    >
      <Stack gap="sm">
        <div>
          <Text c="dimmed" fz="sm">
            {w.replacing}
          </Text>
          <Text fw={800} fz="xl" className="ft-replace__code" data-testid="replace-old">
            {first.row.RandomNumber}
          </Text>
          <Text fz="sm">
            {[
              first.row.ProductName,
              first.row.SecondaryCarton &&
                first.row.SecondaryCarton !== first.row.RandomNumber &&
                w.inCarton(first.row.SecondaryCarton),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        {notice && (
          <Alert color="orange" title={w.serverRefusedCode}>
            {say(notice)}
          </Alert>
        )}
        <ScanBox
          ref={box}
          label={pid ? en.newQr : en.newSlip}
          placeholder={pid ? en.scanNewQr : en.scanNewSid}
          onScan={onScan}
          ready={ready}
          idleMessage={pid ? en.scanNewSameBatch : en.scanUnusedSid}
        />
        <Group grow>
          <Button size="lg" variant="default" onClick={onClose}>
            {w.cancel}
          </Button>
          <Button size="lg" onClick={replace}>
            {w.replace}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
