// The one confirmation (spec 1 section 4): 'Confirm to delete', Yes / No; and the same dialog for
// the spec's other questions ('Confirmation to Damage').
import { openConfirmModal } from '@mantine/modals';

export const CONFIRM_DELETE = {
  title: 'Confirm to delete',
  text: 'Are you sure to do this.',
  yes: 'Yes',
  no: 'No',
} as const;

/** Answers true when the user chose Yes; closing the dialog any other way is No. A floor screen passes
 *  its words in the device's language. */
export function confirmYesNo(
  title: string,
  text: string,
  labels: { yes: string; no: string } = CONFIRM_DELETE,
): Promise<boolean> {
  return new Promise((resolve) => {
    openConfirmModal({
      title,
      children: text,
      labels: { confirm: labels.yes, cancel: labels.no },
      confirmProps: { color: 'red', size: 'lg' },
      cancelProps: { size: 'lg' },
      centered: true,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export const confirmDelete = (): Promise<boolean> => confirmYesNo(CONFIRM_DELETE.title, CONFIRM_DELETE.text);
