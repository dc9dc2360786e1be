/**
 * The Create Follow-Up dialog (the spec's "Screens and routes", "Validation rules", "Error catalogue"): one comment of at least 5
 * characters, checked with the server's schema; a failure reads "Failed to create
 * follow-up. Please try again." with the server's sentence when it sent one.
 */
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { AppModal } from '../../../components/app-modal';
import { FailureAlert } from '../../../components/failure-alert';
import { FOLLOW_UP_MAX_LENGTH, followUpSchema } from '../../../domain/field-work';
import { commonText } from '../../../i18n/common';
import { followUpsText as t } from '../../../i18n/field-work';
import { failureText } from '../../../lib/failure';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { createFollowUp } from '../api/create-follow-up';
import { offlineText } from '../../../i18n/offline';
import { useSession } from '../../../lib/session';
import { submitOrQueue } from '../../../offline/submit';
import type { FollowUp } from '../api/get-follow-ups';

type Failure = { title: string; message: string };

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
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(followUpSchema, { loanId, comment });
    if (!parsed.success) {
      setInvalid(parsed.issues[0].message);
      return;
    }
    setInvalid(null);
    setFailure(null);
    setBusy(true);
    try {
      // Online at once, or kept in the outbox and shown as Sending until it is sent.
      const submitted = user
        ? await submitOrQueue({
            userId: user.id,
            kind: 'followUp',
            lenderBusinessId,
            label,
            withTempId: true,
            request: { method: 'POST', path: '/follow-up', json: parsed.output },
          })
        : { kind: 'sent' as const, answer: await createFollowUp(parsed.output) };
      setComment('');
      if (submitted.kind === 'sent') {
        const answer = submitted.answer as Awaited<ReturnType<typeof createFollowUp>>;
        notifySuccess(commonText.successTitle, answer.message);
        onCreated(answer.data);
      } else {
        notifySuccess(offlineText.savedOffline, offlineText.savedOfflineText(label));
        onCreated(null);
      }
    } catch (error) {
      const detail = failureText(error, '');
      setFailure(
        detail
          ? { title: t.createFailed, message: detail }
          : { title: commonText.errorTitle, message: t.createFailed },
      );
      notifyError(commonText.errorTitle, t.createFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppModal opened={opened} title={t.create} size={500} busy={busy} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <FailureAlert message={failure?.message ?? null} title={failure?.title} />
          <Textarea
            label={t.commentLabel}
            description={t.commentHint}
            placeholder={t.commentPlaceholder}
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              if (invalid) setInvalid(null);
            }}
            error={invalid}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={FOLLOW_UP_MAX_LENGTH}
            withAsterisk
            size="md"
            disabled={busy}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" size="md" disabled={busy}>
              {busy ? t.creating : t.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
