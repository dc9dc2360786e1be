/**
 * The app's dialog (800 px for forms, 500 px for short ones and
 * confirmations). A form dialog takes the whole screen on phones; a short one fits as it
 * is, unless the dialog asks for the whole screen too (`phoneFullScreen`: the loan dialogs).
 * While a request runs (`busy`) it cannot be closed.
 */
import { Modal } from '@mantine/core';
import { usePhone } from '../lib/use-phone';
import type { ReactNode } from 'react';

export function AppModal({
  opened = true,
  title,
  size,
  busy = false,
  phoneFullScreen = size === 800,
  onClose,
  children,
}: {
  opened?: boolean;
  title: ReactNode;
  size: 800 | 500;
  busy?: boolean;
  phoneFullScreen?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = usePhone();
  const fullScreen = phone && phoneFullScreen;
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size={size}
      fullScreen={fullScreen}
      centered={!fullScreen}
      radius={fullScreen ? 0 : 'md'}
      // A dialog over the whole screen hides the page, so the page's scroll needs no lock:
      // the lock (react-remove-scroll) adds a stylesheet to the document as the dialog opens,
      // and the browser then worked out every style on the page again. Its own scroll stays
      // its own (overscroll-behavior), so the page behind never moves.
      lockScroll={!fullScreen}
      styles={{
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
        content: fullScreen ? { overscrollBehavior: 'contain' } : undefined,
      }}
    >
      {children}
    </Modal>
  );
}
