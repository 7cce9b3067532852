// The one toast helper (spec 1 section 8): 3-second toasts; '200' success, '400' warning, else error.
import { notifications } from '@mantine/notifications';
import type { Envelope } from '@shared/contracts/envelope.js';

export const TOAST_MS = 3000;
export const SUCCESS_TITLE = 'Success Message';

const show = (color: string, title: string, message: string) =>
  notifications.show({ color, title, message, autoClose: TOAST_MS, withBorder: true });

export const toast = {
  success: (message: string) => show('green', SUCCESS_TITLE, message),
  info: (message: string) => show('blue', 'Info Message', message),
  warn: (message: string) => show('yellow', 'Warning Message', message),
  error: (message: string) => show('red', 'Error Message', message),
};

/** Shows a server answer the way the spec's client does; answers whether it was a success. */
export function toastEnvelope(env: Envelope<unknown>): boolean {
  if (env.ResponseCode === '200') toast.success(env.ResponseMessage);
  else if (env.ResponseCode === '400') toast.warn(env.ResponseMessage);
  else toast.error(env.ResponseMessage);
  return env.ResponseCode === '200';
}
