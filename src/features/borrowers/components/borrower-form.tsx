/**
 * The two-step borrower form of the Create and Edit dialogs (the spec's "Screens and routes" "Borrowers
 * list", "Borrower create and edit"): step 1 the borrower, next of kin and business,
 * step 2 the identity documents. Next validates step 1 with the server's borrowerSchema,
 * Back returns, and only the last step submits. The area list belongs to the chosen
 * business, so it stays disabled until one is chosen and is emptied when it changes.
 */
import { Button, Checkbox, Group, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { BORROWER_CONSENT_VERSION, borrowerDocumentsError } from '../../../domain/borrowers';
import { borrowersCatalogue, borrowersText as t } from '../../../i18n/borrowers';
import { appLanguage } from '../../../i18n/language';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { offlineText } from '../../../i18n/offline';
import { outboxForm, submitOrQueue } from '../../../offline/submit';
import type { BorrowerAnswer } from '../api/register-borrower';
import { registerBorrower } from '../api/register-borrower';
import { updateBorrower } from '../api/update-borrower';
import type { Borrower } from '../../../domain/borrowers';
import { reportFailure } from '../../../lib/failure';
import {
  borrowerFormData,
  borrowerFormValues,
  chosenFiles,
  noFiles,
  type BorrowerFiles,
  validateBorrowerDetails,
  type BorrowerFormValues,
} from '../utils/form-values';
import { BorrowerDetailsStep } from './borrower-details-step';
import { BorrowerDocumentsStep } from './borrower-documents-step';
import { SmsLanguageSelect } from './sms-language-select';
import { FailureAlert } from '../../../components/failure-alert';

/**
 * Server refusals that belong to one field of step 1: the dialog goes back to it. The server
 * words them in English, so they are matched in English whatever the phone's language.
 */
const server = borrowersCatalogue.en;
const fieldOfMessage: Record<string, keyof BorrowerFormValues | undefined> = {
  [server.phoneTaken]: 'phoneNumber',
  [server.idNumberTaken]: 'idNumber',
  [server.areaNotInBusiness]: 'lenderBusinessAreaId',
  [server.referrerNotInBusiness]: 'referringBorrowerId',
};

export type BorrowerFormState = { dirty: boolean; busy: boolean };

export function BorrowerForm({
  borrower,
  defaultBusinessId,
  onSaved,
  onCancel,
  onStateChange,
}: {
  /** The borrower being edited; null to register a new one. */
  borrower: Borrower | null;
  /** The business a new borrower starts in: the selected one. */
  defaultBusinessId: number | null;
  /** The server's answer; null when the registration waits in the outbox. */
  onSaved: (answer: BorrowerAnswer | null) => void;
  onCancel: () => void;
  onStateChange: (state: BorrowerFormState) => void;
}) {
  const creating = borrower === null;
  const { user } = useSession();
  const phone = useMediaQuery('(max-width: 48em)', false);
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<BorrowerFiles>(noFiles);
  const [documentsError, setDocumentsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // When the borrower agreed (the agent ticks the box as the borrower says yes): kept with
  // the registration, so one that waits offline still carries the moment of consent.
  const [consentAt, setConsentAt] = useState<string | null>(null);
  const [consentError, setConsentError] = useState<string | null>(null);
  const form = useForm<BorrowerFormValues>({
    initialValues: borrowerFormValues(borrower, defaultBusinessId),
    validate: validateBorrowerDetails,
  });

  const anyFile = Object.keys(chosenFiles(files)).length > 0;
  const dirty = form.isDirty() || anyFile;
  useEffect(() => onStateChange({ dirty, busy }), [dirty, busy, onStateChange]);

  function changeFiles(next: BorrowerFiles) {
    setFiles(next);
    setDocumentsError(null);
  }

  async function save(values: BorrowerFormValues) {
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
    if (creating && !consentAt) {
      setConsentError(t.consentRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = borrowerFormData(values, files);
      if (creating && consentAt) {
        body.append('consent', 'true');
        body.append('consentVersion', BORROWER_CONSENT_VERSION);
        body.append('consentAt', consentAt);
        body.append('consentLanguage', appLanguage());
      }
      if (creating && user?.role === 'agent') {
        // Agents register in the field: online at once, or kept in the outbox until online.
        const label = `${values.firstName} ${values.lastName}`.trim();
        const submitted = await submitOrQueue({
          userId: user.id,
          kind: 'borrower',
          lenderBusinessId: Number(values.lenderBusinessId),
          label,
          withTempId: true,
          request: { method: 'POST', path: '/borrower/register', form: outboxForm(body) },
        });
        setBusy(false);
        if (submitted.kind === 'sent') {
          const answer = submitted.answer as BorrowerAnswer;
          notifySuccess(t.successTitle, answer.message || t.registered);
          onSaved(answer);
        } else {
          notifySuccess(offlineText.savedOffline, offlineText.savedOfflineText(label));
          onSaved(null);
        }
        return;
      }
      const answer = borrower
        ? await updateBorrower(borrower.id, body)
        : await registerBorrower(body);
      notifySuccess(t.successTitle, answer.message || (creating ? t.registered : t.updated));
      setBusy(false);
      onSaved(answer);
    } catch (failure) {
      const message = reportFailure(failure);
      setError(message);
      setBusy(false);
      const field = fieldOfMessage[message];
      if (field) {
        form.setFieldError(field, message);
        setStep(0);
      }
    }
  }

  function submitLabel(): string {
    if (step === 0) return t.next;
    if (busy) return creating ? t.creating : t.saving;
    return creating ? t.createBorrower : t.save;
  }

  const submit = form.onSubmit((values) => {
    if (step === 0) setStep(1);
    else void save(values);
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
          <>
            <BorrowerDetailsStep form={form} borrower={borrower} />
            <SmsLanguageSelect form={form} />
          </>
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
            checked={consentAt !== null}
            onChange={(event) => {
              setConsentAt(event.currentTarget.checked ? new Date().toISOString() : null);
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
