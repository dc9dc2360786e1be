/** Toasts in the spec's two flavours: success and destructive (spec part 1 §8). */
import { notifications } from '@mantine/notifications';

export function notifySuccess(title: string, message: string) {
  notifications.show({ title, message, color: 'teal' });
}

export function notifyError(title: string, message: string) {
  notifications.show({ title, message, color: 'red' });
}
