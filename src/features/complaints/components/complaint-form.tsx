/**
 * The agent's complaint form (the README's "Complaints"): the borrower (from the working set,
 * borrowers registered offline included), the category and the complaint in the borrower's
 * words, checked with the server's schema before `onSubmit` gets it. For a complaint the
 * server refused, the outbox's repair form (ComplaintRepairForm, docs/architecture.md §7)
 * puts the corrected values back in the queued request.
 */
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { BorrowerSelect } from '../../../components/borrower-select';
import { FailureAlert } from '../../../components/failure-alert';
import {
  COMPLAINT_TEXT_MAX,
  complaintCategories,
  complaintSchema,
  type ComplaintCategory,
} from '../../../domain/complaints';
import { complaintsText as t } from '../../../i18n/complaints';
import { offlineText } from '../../../i18n/offline';
import { fieldText, type OutboxRepairProps } from '../../../offline/repair';
import { useBorrowerChoices } from '../../../offline/use-borrower-choices';

export type ComplaintValues = {
  lenderBusinessId: number;
  borrowerId: number;
  category: ComplaintCategory;
  text: string;
};

type Draft = { borrowerId: string; category: string; text: string };

export function ComplaintForm({
  userId,
  businessId,
  initial = { borrowerId: '', category: '', text: '' },
  failure = null,
  busy = false,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  userId: number;
  businessId: number;
  initial?: Draft;
  failure?: { title: string; message: string } | null;
  busy?: boolean;
  submitLabel: string;
  onCancel?: () => void;
  onSubmit: (values: ComplaintValues) => Promise<boolean> | void;
}) {
  const borrowers = useBorrowerChoices(userId, businessId);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<keyof Draft, string>> = {};
    if (!draft.borrowerId) found.borrowerId = t.borrowerRequired;
    const parsed = v.safeParse(complaintSchema, {
      lenderBusinessId: businessId,
      borrowerId: draft.borrowerId || null,
      category: draft.category || undefined,
      text: draft.text,
    });
    if (!parsed.success) {
      for (const issue of parsed.issues) {
        const key = issue.path?.[0]?.key;
        if ((key === 'category' || key === 'text') && !found[key]) found[key] = issue.message;
      }
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) return;
    void Promise.resolve(
      onSubmit({
        lenderBusinessId: businessId,
        borrowerId: Number(draft.borrowerId),
        category: parsed.output.category,
        text: parsed.output.text,
      }),
    ).then((done) => {
      if (done) setDraft({ borrowerId: '', category: '', text: '' });
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure?.message ?? null} title={failure?.title} />
        <BorrowerSelect
          borrowers={borrowers.data}
          option={(_borrower, name, phone) => ({ label: `${name} · ${phone}` })}
          texts={t}
          loading={borrowers.loading}
          failed={borrowers.failed}
          value={draft.borrowerId}
          onChange={(borrowerId) => setDraft((d) => ({ ...d, borrowerId }))}
          error={errors.borrowerId}
          disabled={busy}
        />
        <Select
          label={t.categoryLabel}
          data={complaintCategories.map((value) => ({ value, label: t.categories[value] }))}
          value={draft.category || null}
          onChange={(category) => setDraft((d) => ({ ...d, category: category ?? '' }))}
          error={errors.category}
          withAsterisk
          size="md"
          disabled={busy}
          allowDeselect={false}
        />
        <Textarea
          label={t.textLabel}
          description={t.textHint}
          value={draft.text}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setDraft((d) => ({ ...d, text }));
          }}
          error={errors.text}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={COMPLAINT_TEXT_MAX}
          withAsterisk
          size="md"
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
              {offlineText.cancel}
            </Button>
          )}
          <Button type="submit" size="md" disabled={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A complaint the server refused: its fields to correct, for the same business. */
export function ComplaintRepairForm({ item, onCancel, onSave }: OutboxRepairProps) {
  return (
    <ComplaintForm
      userId={item.userId}
      businessId={item.lenderBusinessId}
      initial={{
        borrowerId: fieldText(item, 'borrowerId'),
        category: fieldText(item, 'category'),
        text: fieldText(item, 'text'),
      }}
      submitLabel={offlineText.saveAndRetry}
      onCancel={onCancel}
      onSubmit={(values) => onSave({ ...item.request, json: values, refs: ['borrowerId'] })}
    />
  );
}
