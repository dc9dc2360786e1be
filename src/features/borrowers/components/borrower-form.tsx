/**
 * The two-step borrower form of the Create and Edit dialogs of the borrowers list: step 1 the
 * borrower, next of kin and business, step 2 the identity documents. Next validates step 1 with the server's borrowerSchema,
 * Back returns, and only the last step submits. The area list belongs to the chosen
 * business, so it stays disabled until one is chosen and is emptied when it changes.
 * With `repair`, it is a registration the server refused (docs/architecture.md §7):
 * prefilled from the queued request with its photos and consent, the refused field
 * marked, and saving hands the corrected request back instead of sending it.
 */
import { Button, Checkbox, Group, Stack, Stepper, Text } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { borrowerDocumentsError } from '../../../domain/borrowers';
import { borrowersEnglish, borrowersText as t } from '../../../i18n/borrowers';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { offlineText } from '../../../i18n/offline';
import type { OutboxRepairProps } from '../../../offline/repair';
import { outboxForm } from '../../../offline/submit';
import type { BorrowerAnswer } from '../api/register-borrower';
import { useRegisterBorrower } from '../api/register-borrower';
import { useUpdateBorrower } from '../api/update-borrower';
import type { Borrower } from '../../../domain/borrowers';
import { commonText } from '../../../i18n/common';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import {
  borrowerFormData,
  borrowerFormValues,
  chosenFiles,
  consentNow,
  noFiles,
  queuedRegistration,
  registrationFormData,
  type BorrowerConsent,
  type BorrowerFiles,
  validateBorrowerDetails,
  type BorrowerFormValues,
} from '../utils/form-values';
import { BorrowerDetailsStep } from './borrower-details-step';
import { BorrowerDocumentsStep } from './borrower-documents-step';
import { SmsLanguageSelect } from './sms-language-select';
import { DrawnWhen } from '../../../components/drawn-when';
import { useAfterFirstCommit } from '../../../lib/use-progressive-count';
import { usePhone } from '../../../lib/use-phone';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * Server refusals that belong to one field of step 1: the dialog goes back to it. The server
 * words them in English, so they are matched in English whatever the phone's language.
 */
const server = borrowersEnglish;
const fieldOfMessage: Record<string, keyof BorrowerFormValues | undefined> = {
  [server.phoneTaken]: 'phoneNumber',
  [server.idNumberTaken]: 'idNumber',
  [server.areaNotInBusiness]: 'lenderBusinessAreaId',
  [server.referrerNotInBusiness]: 'referringBorrowerId',
};

export type BorrowerFormState = { dirty: boolean; busy: boolean };

/**
 * What step 1 shows besides its typed fields: the form's errors, and the business, area and
 * referrer it reads (chosen in Selects, which draw the form again).
 */
function shownByDetails(form: UseFormReturnType<BorrowerFormValues>): readonly unknown[] {
  const values = form.getValues();
  return [
    form.errors,
    values.lenderBusinessId,
    values.lenderBusinessAreaId,
    values.referringBorrowerId,
  ];
}

/** The field a refusal of the server names, with the refusal as its error. */
function refusedField(refusal: string | null | undefined): FormErrors {
  const field = refusal ? fieldOfMessage[refusal] : undefined;
  return field && refusal ? { [field]: refusal } : {};
}

export function BorrowerForm({
  borrower,
  defaultBusinessId,
  onSaved,
  onCancel,
  onStateChange,
  repair,
}: {
  /** The borrower being edited; null to register a new one. */
  borrower: Borrower | null;
  /** The business a new borrower starts in: the selected one. */
  defaultBusinessId: number | null;
  /** The server's answer; null when the registration waits in the outbox. */
  onSaved?: (answer: BorrowerAnswer | null) => void;
  onCancel: () => void;
  onStateChange?: (state: BorrowerFormState) => void;
  /** A registration the server refused, to correct and send again. */
  repair?: OutboxRepairProps;
}) {
  const creating = borrower === null;
  const { user } = useSession();
  const phone = usePhone();
  // The fields below a phone's screen (next of kin, business, pickers) are drawn just after
  // those on it, in a render of their own that React may pause: the dialog then shows its
  // first fields without waiting for the pickers under them. A desktop's dialog shows them
  // all at once, and draws them so.
  const whole = useAfterFirstCommit() || !phone;
  const [queued] = useState(() => (repair ? queuedRegistration(repair.item) : null));
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<BorrowerFiles>(queued?.files ?? noFiles);
  const [documentsError, setDocumentsError] = useState<string | null>(null);
  // When the borrower agreed (the agent ticks the box as the borrower says yes): kept with
  // the registration, so one that waits offline still carries the moment of consent.
  const [consent, setConsent] = useState<BorrowerConsent | null>(queued?.consent ?? null);
  const [consentError, setConsentError] = useState<string | null>(null);
  // Uncontrolled: a key typed renders its own field, not the whole form (each input holds its
  // value; the form reads them at Next and Save). Every field has its form.key.
  const form = useForm<BorrowerFormValues>({
    mode: 'uncontrolled',
    initialValues: queued?.values ?? borrowerFormValues(borrower, defaultBusinessId),
    initialErrors: refusedField(repair?.item.lastError),
    validate: validateBorrowerDetails,
  });

  function onError(failure: unknown) {
    const message = notifyFailure(commonText.errorTitle, failure);
    const field = fieldOfMessage[message];
    if (field) {
      form.setFieldError(field, message);
      setStep(0);
    }
  }
  // The success toasts are in the screen's language: the server says the same in English.
  const register = useRegisterBorrower({
    onSuccess: (answer, { queue }) => {
      if (answer) notifySuccess(t.successTitle, t.registered);
      else
        notifySuccess(offlineText.savedOffline, offlineText.savedOfflineText(queue?.label ?? ''));
      onSaved?.(answer);
    },
    onError,
  });
  const update = useUpdateBorrower({
    onSuccess: (answer) => {
      notifySuccess(t.successTitle, t.updated);
      onSaved?.(answer);
    },
    onError,
  });
  const saving = creating ? register : update;
  const busy = saving.isPending;
  const error = saving.error ? failureMessage(saving.error) : null;

  const anyFile = Object.keys(chosenFiles(files)).length > 0;
  const dirty = form.isDirty() || anyFile;
  useEffect(() => onStateChange?.({ dirty, busy }), [dirty, busy, onStateChange]);

  function changeFiles(next: BorrowerFiles) {
    setFiles(next);
    setDocumentsError(null);
  }

  function save(values: BorrowerFormValues) {
    const present = chosenFiles(files);
    const refusal = borrowerDocumentsError(
      {
        passportPhoto: Boolean(present.passportPhoto),
        idFront: Boolean(present.idFront),
        idBack: Boolean(present.idBack),
      },
      creating,
    );
    if (refusal) {
      setDocumentsError(refusal);
      return;
    }
    if (creating && !consent) {
      setConsentError(t.consentRequired);
      return;
    }
    if (repair) {
      const body = registrationFormData(values, files, consent);
      repair.onSave({ ...repair.item.request, form: outboxForm(body) });
      return;
    }
    send(values);
  }

  /** Sends the borrower: an edit, or a registration (an agent's may wait in the outbox). */
  function send(values: BorrowerFormValues) {
    if (borrower) {
      update.mutate({ id: borrower.id, body: borrowerFormData(values, files) });
      return;
    }
    const body = registrationFormData(values, files, consent);
    // Agents register in the field: online at once, or kept in the outbox until online.
    const queue =
      user?.role === 'agent'
        ? {
            userId: user.id,
            lenderBusinessId: Number(values.lenderBusinessId),
            label: `${values.firstName} ${values.lastName}`.trim(),
          }
        : undefined;
    register.mutate({ body, queue });
  }

  function submitLabel(): string {
    if (step === 0) return t.next;
    if (repair) return offlineText.saveAndRetry;
    if (busy) return creating ? t.creating : t.saving;
    return creating ? t.createBorrower : t.save;
  }

  const submit = form.onSubmit((values) => {
    if (step === 0) setStep(1);
    else save(values);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stepper
          active={step}
          onStepClick={(index) => index < step && !busy && setStep(index)}
          allowNextStepsSelect={false}
          size="sm"
        >
          <Stepper.Step
            label={t.personalStep}
            description={phone ? undefined : t.personalStepDescription}
          />
          <Stepper.Step
            label={t.documentsStep}
            description={phone ? undefined : t.documentsStepDescription}
          />
        </Stepper>
        <FailureAlert
          title={creating ? t.createFailedTitle : t.updateFailedTitle}
          message={error}
        />
        {step === 0 ? (
          <DrawnWhen deps={[borrower, whole, ...shownByDetails(form)]}>
            {() => (
              <>
                <BorrowerDetailsStep form={form} borrower={borrower} whole={whole} />
                {whole && <SmsLanguageSelect form={form} />}
              </>
            )}
          </DrawnWhen>
        ) : (
          <BorrowerDocumentsStep
            files={files}
            onChange={changeFiles}
            error={documentsError}
            creating={creating}
            disabled={busy}
          />
        )}
        {step === 1 && creating && (
          <Checkbox
            checked={consent !== null}
            onChange={(event) => {
              setConsent(event.currentTarget.checked ? consentNow() : null);
              setConsentError(null);
            }}
            disabled={busy}
            label={t.consentLabel}
            description={
              <Text span size="sm" c="dimmed">
                {t.consentText}
              </Text>
            }
            error={consentError}
            size="md"
          />
        )}
        <Group justify="space-between" gap="sm" mt="xs">
          {step === 0 ? (
            <Button variant="default" size="md" onClick={onCancel}>
              {t.cancel}
            </Button>
          ) : (
            <Button variant="default" size="md" onClick={() => setStep(0)} disabled={busy}>
              {t.back}
            </Button>
          )}
          <Button type="submit" size="md" disabled={busy}>
            {submitLabel()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A borrower registration the server refused, in the registration form (docs/architecture.md §7). */
export function BorrowerRepairForm(repair: OutboxRepairProps) {
  return (
    <BorrowerForm
      borrower={null}
      defaultBusinessId={repair.item.lenderBusinessId}
      onCancel={repair.onCancel}
      repair={repair}
    />
  );
}
