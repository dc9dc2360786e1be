/**
 * Toasts in two flavours: success and destructive. One is
 * visible at a time, and the newest always wins: it replaces whatever
 * is shown or waiting, so a new message never queues behind an old one and a success
 * clears the failure it answers. An action that succeeds without a toast of its own (a
 * wizard step that now passes, a list that loads on retry) clears the failure it
 * answered with clearFailureToast, so a failure never stays after the fix.
 */
import { notifications } from '@mantine/notifications';

/** The destructive toast on screen or waiting, if any. */
let failureId: string | null = null;

function showOnly(title: string, message: string, color: 'teal' | 'red') {
  notifications.clean();
  const id = notifications.show({ title, message, color });
  failureId = color === 'red' ? id : null;
}

export function notifySuccess(title: string, message: string) {
  showOnly(title, message, 'teal');
}

export function notifyError(title: string, message: string) {
  showOnly(title, message, 'red');
}

/** Hides the destructive toast, if one is shown or waiting; a success toast stays. */
export function clearFailureToast() {
  if (failureId === null) return;
  notifications.hide(failureId);
  failureId = null;
}
