/**
 * Toasts in the spec's two flavours: success and destructive (spec part 1 §8). One is
 * visible at a time (spec part 1 §9), and the newest always wins: it replaces whatever
 * is shown or waiting, so a new message never queues behind an old one and a success
 * clears the failure it answers.
 */
import { notifications } from '@mantine/notifications';

function showOnly(title: string, message: string, color: 'teal' | 'red') {
  notifications.clean();
  notifications.show({ title, message, color });
}

export function notifySuccess(title: string, message: string) {
  showOnly(title, message, 'teal');
}

export function notifyError(title: string, message: string) {
  showOnly(title, message, 'red');
}
