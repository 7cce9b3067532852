// The 'Static Qr Mapping' switch of the number screens (spec 2 section 2): on means static numbers
// (isPreprinted false, the default), off means preprinted. Screens keep the flag in their list filters.
import { Switch } from '@mantine/core';
import { useState } from 'react';

export function useSeriesMode() {
  const [isPreprinted, setPreprinted] = useState(false);
  return { isPreprinted, setPreprinted };
}

export function SeriesSwitch({
  isPreprinted,
  onChange,
}: {
  isPreprinted: boolean;
  onChange: (isPreprinted: boolean) => void;
}) {
  return (
    <Switch label="Static Qr Mapping" checked={!isPreprinted} onChange={(e) => onChange(!e.currentTarget.checked)} />
  );
}
