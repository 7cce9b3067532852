// The one delete confirmation (spec 1 section 4): 'Confirm to delete', Yes / No.
import { openConfirmModal } from '@mantine/modals';

export const CONFIRM_DELETE = { title: 'Confirm to delete', text: 'Are you sure to do this.', yes: 'Yes', no: 'No' } as const;

/** Answers true when the user chose Yes; closing the dialog any other way is No. */
export function confirmDelete(): Promise<boolean> {
  return new Promise((resolve) => {
    openConfirmModal({
      title: CONFIRM_DELETE.title,
      children: CONFIRM_DELETE.text,
      labels: { confirm: CONFIRM_DELETE.yes, cancel: CONFIRM_DELETE.no },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
