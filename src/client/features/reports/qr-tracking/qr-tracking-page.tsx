// QR Code Tracking Report (spec 3; issue 14 item 3): one scan box (the floor's, so a wedge scanner, the
// camera and typed text with Enter all work) takes any code: a pack's uid, its QR URL or Digital
// Link, PID{number}, a SID, TID or DID. The journey shows as a timeline (activity, date, place, who,
// and a verification's risk flags); a DID, TID or SID also shows what it holds, opening row by row down
// to the packs. A refused lookup shows the server's message as a warning.
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import {
  TRACK_MSG,
  TRACKING_API,
  trackedCode,
  type JourneyItem,
  type ScanInfoRow,
  type TrackedCode,
} from '@shared/contracts/tracking.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../../api/call.js';
import { ScanBox, type ScanBoxHandle, type ScanVerdict } from '../../../floor/scan-box.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { toast } from '../../../kit/toast.js';
import { ContentsTable } from './contents-table.js';
import { JourneyTimeline } from './journey-timeline.js';
import './qr-tracking.css';

interface Shown {
  name: string;
  kind: string;
  steps: JourneyItem[];
  /** A DID's, TID's or SID's contents; null for a pack. */
  contents: ScanInfoRow[] | null;
}

const KIND = { DID: 'Dispatch', TID: 'Tertiary carton', SID: 'Secondary carton' } as const;
const nameOf = (c: TrackedCode) => (c.type === 'slip' ? c.slip.text : c.text);
const kindOf = (c: TrackedCode) => (c.type === 'slip' ? KIND[c.slip.type] : 'Pack');
const steps = (n: number) => `${n} step${n === 1 ? '' : 's'}`;

const refused = (message: string): ScanVerdict => {
  toast.warn(message);
  return { ok: false, message };
};

export default function QrTrackingPage() {
  const box = useRef<ScanBoxHandle>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [asking, setAsking] = useState(false);
  /** The latest scan: an answer to an earlier one that comes late is not shown over it. */
  const latest = useRef(0);

  const onScan = useCallback(async (text: string): Promise<ScanVerdict> => {
    const code = trackedCode(text);
    if (!code) {
      setShown(null);
      return refused(TRACK_MSG.invalid);
    }
    const n = ++latest.current;
    setAsking(true);
    const [journey, info] = await Promise.all([
      call(TRACKING_API.journey, undefined, { qr: text }),
      code.type === 'slip' ? call(TRACKING_API.scanInfo, undefined, { qr: text }) : Promise.resolve(null),
    ]);
    if (n !== latest.current) return { ok: journey.ResponseCode === '200', message: nameOf(code) };
    setAsking(false);
    if (journey.ResponseCode !== '200') {
      setShown(null);
      return refused(journey.ResponseMessage);
    }
    const name = nameOf(code);
    setShown({
      name,
      kind: kindOf(code),
      steps: journey.ResponseData,
      contents: info?.ResponseCode === '200' ? info.ResponseData : null,
    });
    return { ok: true, message: `${name}: ${steps(journey.ResponseData.length)}` };
  }, []);

  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.qrCodeTrackingReport.label} breadcrumb="Reports" />
      <ScanBox
        ref={box}
        label="Scan code"
        placeholder="QR, PID, SID, TID or DID"
        onScan={onScan}
        idleMessage="Scan or type any code and press Enter to see its journey"
      />
      {asking && (
        <Text c="dimmed" aria-live="polite">
          Looking up the journey…
        </Text>
      )}
      {shown && (
        <SimpleGrid cols={{ base: 1, xl: shown.contents ? 2 : 1 }} spacing="md">
          <Paper withBorder p="sm" radius="md" component="section" aria-label="Journey">
            <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap={4}>
              <Title order={4} className="ft-track__code">
                {shown.name}
              </Title>
              <Badge variant="light" size="lg">
                {shown.kind}
              </Badge>
            </Group>
            <JourneyTimeline code={shown.name} steps={shown.steps} />
          </Paper>
          {shown.contents && (
            <Paper withBorder p="sm" radius="md" component="section" aria-label="Contents">
              <Title order={4} mb="sm">
                Contents
              </Title>
              <ContentsTable key={shown.name} id={shown.name} rows={shown.contents} />
            </Paper>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
