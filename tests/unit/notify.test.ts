// @vitest-environment node
/**
 * Toasts (one visible at a time): the newest replaces what is shown or
 * waiting, so a success never waits behind the failure it answers.
 */
import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearFailureToast, notifyError, notifySuccess } from '../../src/lib/notify';

const shown = () =>
  [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map(
    (n) => n.message,
  );

describe('toasts', () => {
  beforeEach(() => {
    notificationsStore.updateState((state) => ({
      ...state,
      notifications: [],
      queue: [],
      limit: 1,
    }));
  });

  it('a success replaces the failure before it', () => {
    notifyError('Error', 'Login failed. Please check your credentials.');
    notifySuccess('Success', 'Logged in successfully!');
    expect(shown()).toEqual(['Logged in successfully!']);
  });

  it('a newer failure does not queue behind an older one', () => {
    notifyError('Error', 'first');
    notifyError('Error', 'second');
    notifyError('Error', 'third');
    expect(shown()).toEqual(['third']);
  });
});

describe('a failure answered without a toast', () => {
  beforeEach(() => {
    notificationsStore.updateState((state) => ({
      ...state,
      notifications: [],
      queue: [],
      limit: 1,
    }));
  });

  it('clearFailureToast takes the failure away', () => {
    notifyError('Missing Files', 'Please upload all required identification documents.');
    clearFailureToast();
    expect(shown()).toEqual([]);
  });

  it('clearFailureToast leaves a success on screen', () => {
    notifyError('Error', 'Login failed. Please check your credentials.');
    notifySuccess('Success', 'Logged in successfully!');
    clearFailureToast();
    expect(shown()).toEqual(['Logged in successfully!']);
  });
});
