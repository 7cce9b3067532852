// Static Qr Mapping (spec 2 sections 3, 4, 5): scan the static code, then the preprinted code on the
// same pack, which saves the pair. Each scan is read offline first (a code of ours, of the right kind)
// so a wrong scan is told at once; the server then checks the MACs, mapping and stock.
import { Grid, Paper, Stack } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import {
  codeText,
  PAIR_MSG,
  scanOfKind,
  STATIC_PAIR_API,
  STATIC_PAIR_LIST,
  type StaticPairRequest,
  type StaticPairRow,
} from '@shared/contracts/numbers/static-pair.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../../api/call.js';
import { listColumns } from '../../../kit/columns.js';
import { REPORT_PAGE_SIZES } from '../../../kit/paging.js';
import { ResourceSection, type ResourceDef } from '../../../kit/resource-section.js';
import { ScanInput, type ScanInputHandle } from '../../../kit/scan-input.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { toast, toastEnvelope } from '../../../kit/toast.js';

export const STATIC_PAIR_LABELS = { static: 'Scan Static Qr', preprinted: 'Scan PrePrinted Qr' } as const;

const pairsResource: ResourceDef<StaticPairRow> = {
  page: PAGE.mapStaticNumber,
  idField: 'StaticQrMappingId',
  list: {
    path: STATIC_PAIR_API.list.path,
    pageSizes: REPORT_PAGE_SIZES,
    defaultPageSize: 10,
    columns: listColumns<StaticPairRow>(STATIC_PAIR_LIST),
  },
};

export function StaticQrMappingPage() {
  const staticBox = useRef<ScanInputHandle>(null);
  const preprintedBox = useRef<ScanInputHandle>(null);
  // The static scan taken with Enter, shown under its box by the number printed beside it.
  const [staticScan, setStaticScan] = useState<{ text: string; shown: string } | null>(null);
  // A ref, not state: a second Enter while the save is on its way must see it at once.
  const saving = useRef(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const takeStatic = useCallback((text: string): string | null => {
    const r = scanOfKind(text, 'S');
    if ('message' in r) {
      toast.warn(r.message);
      setStaticScan(null);
      staticBox.current?.clear();
      return null;
    }
    setStaticScan({ text, shown: codeText(r.code) });
    return text;
  }, []);

  const onStatic = (text: string) => {
    if (takeStatic(text)) preprintedBox.current?.focus();
  };

  const onPreprinted = async (text: string) => {
    if (saving.current) return;
    // The static box may hold a scan whose Enter never came (typed, then clicked across).
    const typed = staticBox.current?.value() ?? '';
    const st = staticScan && staticScan.text === typed ? staticScan.text : typed ? takeStatic(typed) : null;
    if (!st) {
      if (!typed) toast.warn(PAIR_MSG.invalidScan);
      staticBox.current?.focus();
      return;
    }
    const pp = scanOfKind(text, 'P');
    if ('message' in pp) {
      toast.warn(pp.message);
      preprintedBox.current?.clear();
      return;
    }
    saving.current = true;
    const body: StaticPairRequest = { StaticEncryptedQr: st, PreprintedEncryptedQr: text };
    const answer = await call(STATIC_PAIR_API.create, body);
    saving.current = false;
    if (toastEnvelope(answer)) {
      setStaticScan(null);
      preprintedBox.current?.clear(false);
      staticBox.current?.clear();
      setRefreshKey((k) => k + 1);
    } else {
      // The static scan stays: the operator scans another preprinted code (or rescans the static one).
      preprintedBox.current?.clear();
    }
  };

  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.mapStaticNumber.label} breadcrumb="Transaction" />
      <Paper withBorder p="md" radius="md">
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ScanInput
              ref={staticBox}
              label={STATIC_PAIR_LABELS.static}
              placeholder={STATIC_PAIR_LABELS.static}
              autoFocus
              description={staticScan ? `Static code ${staticScan.shown}` : 'Scan the static code first'}
              onScan={onStatic}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <ScanInput
              ref={preprintedBox}
              label={STATIC_PAIR_LABELS.preprinted}
              placeholder={STATIC_PAIR_LABELS.preprinted}
              description="Then the preprinted code of the same pack: it saves the pair"
              onScan={(text) => void onPreprinted(text)}
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <ResourceSection def={pairsResource} refreshKey={refreshKey} />
    </Stack>
  );
}
