/** The dialog of the admin screens: 500 px, full screen on phones (STYLE.md "Screens"). */
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export function AdminModal({
  opened,
  title,
  busy,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  /** While a request runs the dialog stays open. */
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size={500}
      fullScreen={phone}
      centered
    >
      {children}
    </Modal>
  );
}
