import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The dialogs of agent management: 800 or 500 px wide (spec part 2 §2), full screen on phones. */
export function AgentModal({
  title,
  size,
  onClose,
  children,
}: {
  title: string;
  size: 800 | 500;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      centered={!phone}
      radius={phone ? 0 : 'md'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
