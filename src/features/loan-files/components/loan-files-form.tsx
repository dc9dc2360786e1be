/**
 * The borrower file upload form: description, borrower, a loan-file input and an
 * other-file input, checked with
 * the server's schema. Each file is optional, but an upload carries at least one. A
 * failure shows the server's sentence in a toast and inline. With `repair`, it is an upload
 * the server refused (docs/architecture.md §7): prefilled from the queued request, with its
 * files, and saving hands the corrected request back instead of sending it.
 */
import { Button, Card, Group, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { BorrowerSelect } from '../../../components/borrower-select';
import { DialogButtons } from '../../../components/dialog-buttons';
import { DocumentInput } from '../../../components/document-input';
import { FailureAlert } from '../../../components/failure-alert';
import {
  LOAN_FILE_DESCRIPTION_MAX_LENGTH,
  loanFilesError,
  loanFileUploadSchema,
  type LoanFileField,
} from '../../../domain/field-work';
import { fieldWorkText, loanFilesText as t } from '../../../i18n/field-work';
import { failureMessage } from '../../../lib/failure';
import { useCreateSubmit } from '../../../lib/use-create-submit';
import type { BorrowerChoice } from '../api/get-borrowers';
import { loanFilesBody, useUploadLoanFiles } from '../api/upload-loan-files';
import { commonText } from '../../../i18n/common';
import { offlineText } from '../../../i18n/offline';
import { useSession } from '../../../lib/session';
import type { OutboxItem } from '../../../offline/db';
import { idOrTempIdField, PENDING_STATUS } from '../../../offline/pending';
import { fieldText, keptFile, type OutboxRepairProps } from '../../../offline/repair';
import { outboxForm } from '../../../offline/submit';
import { useBorrowerChoices, type BorrowerChoices } from '../../../offline/use-borrower-choices';

/**
 * Every borrower of the business may have files, whatever its status; one registered
 * offline too, its files sent after it.
 */
const fileOwnerOption = (borrower: BorrowerChoice, name: string, phone: string) => ({
  label:
    borrower.status === PENDING_STATUS
      ? t.borrowerOptionPending(name, phone)
      : t.borrowerOption(name, phone),
});

/** The upload as the form checks it: a borrower still in the outbox has a negative id. */
const loanFilesFormSchema = v.object({
  ...loanFileUploadSchema.entries,
  borrowerId: idOrTempIdField(fieldWorkText.borrowerRequired),
});

type Values = { description: string; borrowerId: string };
type Files = Record<LoanFileField, File | null>;
const noFiles: Files = { loanAgreementfilesorImage: null, otherImage: null };

/** A queued upload's description and files, as the form holds them. */
function queuedUpload(item: OutboxItem): { description: string; files: Files } {
  return {
    description: fieldText(item, 'description'),
    files: {
      loanAgreementfilesorImage: keptFile(item, 'loanAgreementfilesorImage'),
      otherImage: keptFile(item, 'otherImage'),
    },
  };
}

/** The upload's multipart body, as the outbox keeps it. */
const queuedBody = (input: v.InferOutput<typeof loanFilesFormSchema>, files: Files) =>
  outboxForm(loanFilesBody({ ...input, files }));

export function LoanFilesForm({
  businessId,
  borrowers,
  borrowerId,
  onBorrowerChange,
  repair,
}: {
  /** The business the upload is for. */
  businessId: number;
  borrowers: BorrowerChoices;
  /** The borrower chosen when the form opens. */
  borrowerId: string;
  onBorrowerChange?: (borrowerId: string) => void;
  /** An upload the server refused, to correct and send again. */
  repair?: OutboxRepairProps;
}) {
  const [queued] = useState(() => (repair ? queuedUpload(repair.item) : null));
  const [files, setFiles] = useState<Files>(queued?.files ?? noFiles);
  const [filesError, setFilesError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { description: queued?.description ?? '', borrowerId },
    validate: schemaResolver(loanFilesFormSchema),
    onValuesChange: (values, previous) => {
      if (values.borrowerId !== previous.borrowerId) onBorrowerChange?.(values.borrowerId);
    },
  });
  const { user } = useSession();
  const queuedLabel = (answer: { data?: unknown } | undefined) =>
    answer && 'queued' in answer && typeof answer.queued === 'string' ? answer.queued : null;
  const upload = useCreateSubmit(useUploadLoanFiles, {
    successTitle: (answer) =>
      queuedLabel(answer) === null ? commonText.successTitle : offlineText.savedOffline,
    successText: (answer) => {
      const queued = queuedLabel(answer);
      return queued === null ? fieldWorkText.filesUploaded : offlineText.savedOfflineText(queued);
    },
    failure: (error) => {
      const message = failureMessage(error);
      return { toast: message, inline: message };
    },
    onCreated: () => {
      form.setFieldValue('description', '');
      form.resetTouched();
      setFiles(noFiles);
    },
  });

  const missingFile = (current: Files) =>
    loanFilesError({
      loanAgreementfilesorImage: current.loanAgreementfilesorImage !== null,
      otherImage: current.otherImage !== null,
    });

  const send = (values: Values) => {
    if (missingFile(files)) return;
    const input = v.parse(loanFilesFormSchema, values);
    if (repair) {
      repair.onSave({ ...repair.item.request, form: queuedBody(input, files) });
      return;
    }
    if (user?.role !== 'agent') {
      void upload.run({ upload: { ...input, files } });
      return;
    }
    // Agents upload in the field: online at once, or kept in the outbox until online.
    const chosen = borrowers.data?.find((b) => b.id === input.borrowerId);
    const label = t.outboxLabel(chosen ? `${chosen.firstName} ${chosen.lastName}` : '');
    void upload.run({
      upload: { ...input, files },
      queue: { userId: user.id, lenderBusinessId: businessId, label },
    });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    setFilesError(missingFile(files));
    form.onSubmit(send)(event);
  }

  function chooseFile(field: LoanFileField, file: File | null) {
    const next = { ...files, [field]: file };
    setFiles(next);
    if (filesError) setFilesError(missingFile(next));
  }

  const body = (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FailureAlert message={upload.error} />
        <Textarea
          label={t.descriptionLabel}
          placeholder={t.descriptionPlaceholder}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={LOAN_FILE_DESCRIPTION_MAX_LENGTH}
          withAsterisk
          size="md"
          disabled={upload.busy}
          {...form.getInputProps('description')}
        />
        <BorrowerSelect
          borrowers={borrowers.data}
          option={fileOwnerOption}
          texts={t}
          loading={borrowers.loading}
          failed={borrowers.failed}
          value={form.values.borrowerId}
          onChange={(id) => form.setFieldValue('borrowerId', id)}
          error={form.errors.borrowerId as string | undefined}
          disabled={upload.busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DocumentInput
            label={t.loanFileLabel}
            name="loanAgreementfilesorImage"
            value={files.loanAgreementfilesorImage}
            onChange={(file) => chooseFile('loanAgreementfilesorImage', file)}
            error={filesError}
            disabled={upload.busy}
          />
          <DocumentInput
            label={t.otherFileLabel}
            name="otherImage"
            value={files.otherImage}
            onChange={(file) => chooseFile('otherImage', file)}
            error={filesError}
            disabled={upload.busy}
          />
        </SimpleGrid>
        {repair ? (
          <DialogButtons
            label={offlineText.saveAndRetry}
            busyLabel={offlineText.saveAndRetry}
            busy={false}
            onCancel={repair.onCancel}
          />
        ) : (
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              leftSection={<IconUpload size={18} />}
              disabled={upload.busy}
              w={{ base: '100%', sm: 'auto' }}
            >
              {upload.busy ? t.submitting : t.submit}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
  // In the outbox's dialog the form stands alone; on the page it is a card of its own.
  return repair ? (
    body
  ) : (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.formTitle}>
      {body}
    </Card>
  );
}

/** A loan-file upload the server refused, in the upload form (docs/architecture.md §7). */
export function LoanFilesRepairForm(repair: OutboxRepairProps) {
  const { item } = repair;
  const owners = useBorrowerChoices(item.userId, item.lenderBusinessId);
  return (
    <LoanFilesForm
      businessId={item.lenderBusinessId}
      borrowers={owners}
      borrowerId={fieldText(item, 'borrowerId')}
      repair={repair}
    />
  );
}
