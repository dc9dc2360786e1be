import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * The borrower dialogs: 800 px for forms, 500 for confirmations (the spec's "Screens and routes"). Forms
 * take the whole screen on phones; a two-button confirmation fits as it is.
 */
export function BorrowerModal({
  opened,
  title,
  size,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  size: 800 | 500;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  const fullScreen = phone && size === 800;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
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
