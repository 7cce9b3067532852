// One registry page: its lazy screen inside Suspense, or the not-built panel.
import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { PAGE, type PageName } from '../../shared/pages.js';
import { SCREENS } from '../features/registry.js';
import { NotBuilt } from './not-built.js';

export function PageFallback() {
  return (
    <Center mih={200}>
      <Loader aria-label="Loading" />
    </Center>
  );
}

export function PageScreen({ name }: { name: PageName }) {
  const Screen = SCREENS[name];
  if (!Screen) return <NotBuilt label={PAGE[name].label} />;
  return (
    <Suspense fallback={<PageFallback />}>
      <Screen />
    </Suspense>
  );
}
