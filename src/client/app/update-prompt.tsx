// Registers the service worker (production builds only) and, when a new version is waiting, asks the
// user to reload: activating it mid-task could swap the app under a half-finished scan.
import { Button, Dialog, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';

export const UPDATE_MESSAGE = 'A new version of Fieldtrace is available.';
const SW_URL = '/sw.js';
// Tablets keep one page open all shift and never navigate, so look for a new version now and then.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Listener = (waiting: Workbox) => void;
let registration: Promise<Workbox> | undefined;
let notify: Listener | null = null;

/** Registers once per page, however often the component mounts (StrictMode, route changes). */
function registerWorker(): Promise<Workbox> {
  registration ??= import('workbox-window').then(async ({ Workbox: WorkboxClass }) => {
    const wb = new WorkboxClass(SW_URL, { scope: '/' });
    // Also fires when a worker was already waiting before this page loaded.
    wb.addEventListener('waiting', () => notify?.(wb));
    await wb.register();
    window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
    return wb;
  });
  return registration;
}

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<Workbox | null>(null);

  useEffect(() => {
    // Not in dev (no built worker) nor under vitest/jsdom (no service workers at all).
    if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    notify = setWaiting;
    registerWorker().catch((err: unknown) => console.warn('Service worker registration failed', err));
    return () => {
      notify = null;
    };
  }, []);

  const reload = () => {
    if (!waiting) return;
    // Reload only once the new worker controls the page, so the fresh shell comes from the new cache.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.messageSkipWaiting();
  };

  return (
    <Dialog
      opened={waiting !== null}
      withCloseButton
      onClose={() => setWaiting(null)}
      size="md"
      radius="md"
      position={{ bottom: 20, right: 20 }}
    >
      <Text size="sm" mb="sm" role="status">
        {UPDATE_MESSAGE}
      </Text>
      <Group justify="flex-end">
        <Button size="xs" onClick={reload}>
          Reload
        </Button>
      </Group>
    </Dialog>
  );
}
