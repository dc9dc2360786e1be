/**
 * The Create Follow-Up dialog of a loan's follow-ups: the follow-up form, sent at once or
 * kept in the outbox; a failure reads "Failed to create follow-up. Please try again." with
 * the server's sentence when it sent one.
 */
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { commonText } from '../../../i18n/common';
import { fieldWorkText, followUpsText as t } from '../../../i18n/field-work';
import { failureText } from '../../../lib/failure';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateFollowUp } from '../api/create-follow-up';
import { offlineText } from '../../../i18n/offline';
import { useSession } from '../../../lib/session';
import type { FollowUp } from '../api/get-follow-ups';
import { FollowUpForm, type FollowUpValues } from './follow-up-form';

type Failure = { title: string; message: string };

/** The inline alert of a failed create: the server's sentence under the screen's own text. */
function failureOf(error: unknown): Failure {
  const detail = failureText(error, '');
  return detail
    ? { title: t.createFailed, message: detail }
    : { title: commonText.errorTitle, message: t.createFailed };
}

export function CreateFollowUpDialog({
  loanId,
  lenderBusinessId,
  label,
  opened,
  onClose,
  onCreated,
}: {
  loanId: number;
  lenderBusinessId: number;
  /** What the outbox calls it ("Follow-up on K7M3QX9P"). */
  label: string;
  opened: boolean;
  onClose: () => void;
  /** The saved follow-up; null when it waits in the outbox. */
  onCreated: (followUp: FollowUp | null) => void;
}) {
  const { user } = useSession();
  const [comment, setComment] = useState('');
  const create = useCreateFollowUp(loanId, {
    onSuccess: (submitted) => {
      setComment('');
      if (submitted.kind === 'sent') {
        // In the screen's language: the server says the same in English.
        notifySuccess(commonText.successTitle, fieldWorkText.followUpCreated);
        onCreated(submitted.answer.data);
      } else {
        notifySuccess(offlineText.savedOffline, offlineText.savedOfflineText(label));
        onCreated(null);
      }
    },
    onError: () => notifyError(commonText.errorTitle, t.createFailed),
  });
  const busy = create.isPending;

  return (
    <AppModal opened={opened} title={t.create} size={500} busy={busy} onClose={onClose}>
      <FollowUpForm
        loanId={loanId}
        comment={comment}
        onCommentChange={setComment}
        failure={create.error ? failureOf(create.error) : null}
        busy={busy}
        submitLabel={busy ? t.creating : t.create}
        onCancel={onClose}
        onSubmit={(values: FollowUpValues) =>
          // Online at once, or kept in the outbox and shown as Sending until it is sent.
          create.mutate({
            input: values,
            queue: user ? { userId: user.id, lenderBusinessId, label } : undefined,
          })
        }
      />
    </AppModal>
  );
}
