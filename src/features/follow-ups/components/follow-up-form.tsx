/**
 * The follow-up form: one comment of at
 * least 5 characters, checked with the server's schema before `onSubmit` gets it. The
 * Create Follow-Up dialog sends it; for a follow-up the server refused, the outbox's
 * repair form (FollowUpRepairForm, docs/architecture.md §7) puts it back in the queued
 * request. The comment is the caller's, so a dialog closed halfway keeps what was typed.
 */
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { FailureAlert } from '../../../components/failure-alert';
import { FOLLOW_UP_MAX_LENGTH, followUpSchema } from '../../../domain/field-work';
import { followUpsText as t } from '../../../i18n/field-work';
import { offlineText } from '../../../i18n/offline';
import { fieldText, type OutboxRepairProps } from '../../../offline/repair';

export type FollowUpValues = v.InferOutput<typeof followUpSchema>;

export function FollowUpForm({
  loanId,
  comment,
  onCommentChange,
  failure = null,
  busy = false,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  loanId: number;
  comment: string;
  onCommentChange: (comment: string) => void;
  /** Why the last save failed, with its title. */
  failure?: { title: string; message: string } | null;
  busy?: boolean;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (values: FollowUpValues) => void;
}) {
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(followUpSchema, { loanId, comment });
    if (!parsed.success) {
      setInvalid(parsed.issues[0].message);
      return;
    }
    setInvalid(null);
    onSubmit(parsed.output);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure?.message ?? null} title={failure?.title} />
        <Textarea
          label={t.commentLabel}
          description={t.commentHint}
          placeholder={t.commentPlaceholder}
          value={comment}
          onChange={(event) => {
            onCommentChange(event.currentTarget.value);
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
          <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" size="md" disabled={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A follow-up the server refused: its comment to correct, for the same loan. */
export function FollowUpRepairForm({ item, onCancel, onSave }: OutboxRepairProps) {
  const [loanId] = useState(() => Number(fieldText(item, 'loanId')));
  const [comment, setComment] = useState(() => fieldText(item, 'comment'));
  return (
    <FollowUpForm
      loanId={loanId}
      comment={comment}
      onCommentChange={setComment}
      submitLabel={offlineText.saveAndRetry}
      onCancel={onCancel}
      onSubmit={(values) => onSave({ ...item.request, json: values })}
    />
  );
}
