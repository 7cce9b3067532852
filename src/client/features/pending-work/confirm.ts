// The Pending work confirmations (discard, sign out with work waiting): full screen on a handheld, so
// the answer buttons are large and far from anything else, centred on a desktop.
import { openConfirmModal } from '@mantine/modals';
import type { ReactNode } from 'react';

/** Mantine's 'sm' breakpoint, as the shell's. */
const HANDHELD_QUERY = '(max-width: 48em)';

export interface ConfirmText {
  title: string;
  body: ReactNode;
  yes: string;
  no: string;
  /** The yes button's colour: red (the default) for what cannot be undone. */
  color?: string;
}

/** Answers true when the user chose `yes`; closing the dialog any other way is `no`. */
export function confirmAction(t: ConfirmText): Promise<boolean> {
  const handheld = typeof window !== 'undefined' && window.matchMedia(HANDHELD_QUERY).matches;
  return new Promise((resolve) => {
    openConfirmModal({
      title: t.title,
      children: t.body,
      labels: { confirm: t.yes, cancel: t.no },
      confirmProps: { color: t.color ?? 'red', size: 'lg' },
      cancelProps: { size: 'lg' },
      // One above the other on a handheld, each the screen's width: labels whole, thumbs apart.
      groupProps: handheld ? { mt: 'xl', style: { flexDirection: 'column', alignItems: 'stretch' } } : { mt: 'xl' },
      fullScreen: handheld,
      centered: true,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
