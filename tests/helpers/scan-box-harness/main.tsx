// A floor screen in miniature around the real ScanBox, for tests/browser/scan-box.test.ts: the app's
// theme and styles, a screen whose onScan accepts a whole code of ours and refuses anything else, the
// list of codes onScan was given, a second field and a dialog (focus must stay with them). Built by
// tests/helpers/scan-box-harness.ts into a temporary folder; the app's build never sees it.
import '../../../src/client/styles-first-screen.js';
import '../../../src/client/styles-all.js';
import '../../../src/client/app/theme.css';
import { Button, Group, MantineProvider, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from '../../../src/client/app/theme.js';
import { ScanBox, type ScanVerdict } from '../../../src/client/floor/scan-box.js';
import { isWholeCode } from '../../../src/client/floor/wedge.js';

declare global {
  interface Window {
    scans: string[];
  }
}
window.scans = [];

function Harness() {
  const [scans, setScans] = useState<string[]>([]);
  const [dialog, setDialog] = useState(false);
  const [saving, setSaving] = useState(false);
  const onScan = (code: string): ScanVerdict => {
    window.scans.push(code);
    setScans((s) => [code, ...s]);
    // A screen that saves its carton on this scan: the box is disabled while it does.
    if (code === 'SAVE') {
      setSaving(true);
      setTimeout(() => setSaving(false), 600);
      return { ok: true, message: 'Carton saved' };
    }
    if (!isWholeCode(code)) return { ok: false, message: 'Not a Fieldtrace code' };
    return { ok: true, message: `Packed ${code.slice(0, 4)}…${code.slice(-4)}` };
  };
  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Secondary packing
        </Title>
        <Text fw={700}>{scans.length} / 12</Text>
      </Group>
      <ScanBox onScan={onScan} label="Scan a pack" disabled={saving} />
      <ol aria-label="Scans" style={{ margin: 0, paddingLeft: 24, fontFamily: 'monospace' }}>
        {scans.map((s, i) => (
          <li key={scans.length - i}>{s}</li>
        ))}
      </ol>
      <TextInput label="Note" />
      <Button variant="default" onClick={() => setDialog(true)}>
        Open a dialog
      </Button>
      <Modal opened={dialog} onClose={() => setDialog(false)} title="A dialog">
        <TextInput label="Dialog field" />
      </Modal>
    </Stack>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Harness />
    </MantineProvider>
  </StrictMode>,
);
