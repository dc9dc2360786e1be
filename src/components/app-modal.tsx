/**
 * The app's dialog (the spec's "Screens and routes": 800 px for forms, 500 px for short ones and
 * confirmations). A form dialog takes the whole screen on phones; a short one fits as it
 * is. While a request runs (`busy`) it cannot be closed.
 */
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export function AppModal({
  opened = true,
  title,
  size,
  busy = false,
  onClose,
  children,
}: {
  opened?: boolean;
  title: ReactNode;
  size: 800 | 500;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const fullScreen = phone && size === 800;
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size={size}
      fullScreen={fullScreen}
      centered={!fullScreen}
      radius={fullScreen ? 0 : 'md'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
