/**
 * The Create Borrower and Edit Borrower dialogs (800 px, full screen on phones). Closing
 * a form that holds typed details or photos first asks, in a 500 px confirmation: an
 * agent outdoors loses a lot to a stray tap outside the dialog.
 */
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { borrowersText as t } from '../../../i18n/borrowers';
import type { BorrowerAnswer } from '../api/register-borrower';
import type { Borrower } from '../../../domain/borrowers';
import type { BorrowerFormState } from './borrower-form';
import { AppModal } from '../../../components/app-modal';
import { lazyComponent } from '../../../lib/lazy-component';
import { retryableImport } from '../../../lib/retryable-import';

/**
 * The form is a chunk of its own (its steps, pickers, date input and photo fields): the
 * screens that open the dialog draw without it, then load it. On a phone 4× slower than
 * this machine, Borrowers waited for two dozen of the form's files before it listed anybody.
 * A load cut halfway is asked for again (retryable-import.ts) when the form is next needed.
 */
const importForm = retryableImport(() => import('./borrower-form'));
const BorrowerForm = lazyComponent(async () => (await importForm()).BorrowerForm);

/** Where the form will be while its code loads (only when it was not loaded ahead). */
function FormLoading() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton h={36} radius="sm" />
      <Skeleton h={36} radius="sm" />
      <Skeleton h={36} radius="sm" />
    </Stack>
  );
}

/** What the dialog is doing: registering a new borrower, or editing one. */
export type BorrowerEditing = { mode: 'create' } | { mode: 'edit'; borrower: Borrower };

export function BorrowerFormDialog({
  editing,
  defaultBusinessId,
  onClose,
  onSaved,
}: {
  editing: BorrowerEditing | null;
  defaultBusinessId: number | null;
  onClose: () => void;
  onSaved: (answer: BorrowerAnswer | null) => void;
}) {
  // What the form says of itself (typed details, a save in flight) is read only when the
  // dialog is asked to close, so it is kept without a render: the first key made the form
  // dirty, and the dialog drew itself and the whole form again for it.
  const state = useRef<BorrowerFormState>({ dirty: false, busy: false });
  // The form's code loads as soon as the screen is drawn, so that Create Borrower or Edit
  // draws it at once; not with the screen, whose list waited for it. A load that fails here
  // is tried again when the form is shown.
  useEffect(() => void BorrowerForm.preload().catch(() => undefined), []);
  const [confirming, setConfirming] = useState(false);
  const onStateChange = useCallback((next: BorrowerFormState) => {
    state.current = next;
  }, []);

  function close() {
    setConfirming(false);
    state.current = { dirty: false, busy: false };
    onClose();
  }

  function requestClose() {
    if (state.current.busy) return;
    if (state.current.dirty) setConfirming(true);
    else close();
  }

  const borrower = editing?.mode === 'edit' ? editing.borrower : null;
  // The form mounts just after the dialog opens, in a render React can pause between frames
  // (a deferred value). Mantine opens a dialog in an animation frame under flushSync, so a
  // form mounted there was one unbroken task: about 290 ms on a phone 4× slower than this
  // machine, the journey's longest. Closing keeps the form for the dialog's last frames.
  const shown = useDeferredValue(editing);
  const shownBorrower = shown?.mode === 'edit' ? shown.borrower : null;
  return (
    <>
      <AppModal
        opened={editing !== null}
        title={borrower ? t.editTitle : t.createTitle}
        size={800}
        onClose={requestClose}
      >
        {shown && (
          <Suspense fallback={<FormLoading />}>
            <BorrowerForm
              key={shownBorrower ? shownBorrower.id : 'new'}
              borrower={shownBorrower}
              defaultBusinessId={defaultBusinessId}
              onCancel={requestClose}
              onStateChange={onStateChange}
              onSaved={(answer) => {
                state.current = { dirty: false, busy: false };
                onSaved(answer);
              }}
            />
          </Suspense>
        )}
      </AppModal>
      <AppModal
        opened={confirming}
        title={borrower ? t.discardChangesTitle : t.discardTitle}
        size={500}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="md">
          <Text>{borrower ? t.discardChangesText : t.discardText}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={() => setConfirming(false)}>
              {t.keepEditing}
            </Button>
            <Button color="red.9" size="md" onClick={close}>
              {t.discard}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
