// Dispatch's target (spec 2 "Dispatch"): the send-to type (WareHouse or Dealer), the Send To list from
// the device's dispatch cache (factories and warehouses apart, the user's own site left out by the
// server; dealers), and the chosen target's billing address. Locked once a carton is scanned. The
// spec's order stays (the target first); issue 27 adds large tiles of the targets this device sends to
// most, one tap each, above the full list.
import { Button, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import type { DispatchCache } from '@shared/contracts/floor/dispatch-cache.js';
import { targetOf, type SendToKind } from '../../../floor/dispatch/local-invoice.js';
import { byUse, TILE_COUNT, type UseCounts } from '../../../floor/dispatch/target-order.js';

interface Props {
  data: DispatchCache;
  kind: SendToKind;
  targetId: number | null;
  locked: boolean;
  onKind: (k: SendToKind) => void;
  onTarget: (id: number | null) => void;
  /** This device's uses per target, for the tiles' order. */
  counts: UseCounts | undefined;
}

export const SendTo = memo(function SendTo({ data, kind, targetId, locked, onKind, onTarget, counts }: Props) {
  const options = useMemo(
    () =>
      kind === 'WareHouse'
        ? [
            {
              group: 'Warehouses',
              items: data.Sites.filter((s) => !s.IsFactory).map((s) => ({ value: String(s.SiteId), label: s.Name })),
            },
            {
              group: 'Factories',
              items: data.Sites.filter((s) => s.IsFactory).map((s) => ({ value: String(s.SiteId), label: s.Name })),
            },
          ].filter((g) => g.items.length > 0)
        : data.Dealers.map((d) => ({ value: String(d.UserId), label: d.Name })),
    [data, kind],
  );
  const tiles = useMemo(
    () =>
      byUse(
        options.flatMap((o) => ('items' in o ? o.items : [o])),
        kind,
        counts,
      ).slice(0, TILE_COUNT),
    [options, kind, counts],
  );
  const bill = targetOf({ kind, targetId }, data)?.Billing;
  const place = bill ? [bill.bill_CityName, bill.bill_StateName, bill.bill_Pincode].filter(Boolean).join(', ') : '';
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        size="md"
        value={kind}
        disabled={locked}
        aria-label="Send to type"
        data={[
          { value: 'WareHouse', label: 'WareHouse' },
          { value: 'Dealer', label: 'Dealer' },
        ]}
        onChange={(v) => onKind(v as SendToKind)}
      />
      <SimpleGrid cols={2} spacing="xs" role="group" aria-label="Send To targets">
        {tiles.map((t) => (
          <Button
            key={t.value}
            variant={String(targetId) === t.value ? 'filled' : 'light'}
            aria-pressed={String(targetId) === t.value}
            disabled={locked}
            size="lg"
            h="auto"
            mih={56}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
            onClick={() => onTarget(Number(t.value))}
          >
            {t.label}
          </Button>
        ))}
      </SimpleGrid>
      <Select
        label="Send To"
        placeholder="Select Send To"
        data={options}
        value={targetId === null ? null : String(targetId)}
        disabled={locked}
        size="lg"
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage="No Data found"
        onChange={(v) => onTarget(v === null ? null : Number(v))}
      />
      {bill && (
        <Paper withBorder p="xs" aria-label="Billing address">
          <Text fw={700}>{bill.FirmName}</Text>
          {[bill.bill_Address1, bill.bill_Address2, place, bill.bill_CountryName].filter(Boolean).map((l) => (
            <Text key={l} fz="sm">
              {l}
            </Text>
          ))}
        </Paper>
      )}
    </Stack>
  );
});
