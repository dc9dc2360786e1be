/**
 * The lender profile wizard: three steps, each checked before the next opens; the last sends
 * everything as one multipart request, whose new token (status Pending) replaces the
 * session and leads to /lender/approval-pending.
 */
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../../api/client';
import { serverSentence } from '../../../../api/server-sentence';
import { INDIVIDUAL_DEFAULT_LOAN_LIMIT } from '../../../../domain/lender-profile';
import { authText } from '../../../../i18n/auth';
import { commonText } from '../../../../i18n/common';
import { lendersText } from '../../../../i18n/lenders';
import { clearFailureToast, notifyError, notifySuccess } from '../../../../lib/notify';
import { useFailureToast } from '../../../../lib/failure';
import { paths } from '../../../../lib/paths';
import { useSessionNavigation } from '../../../../lib/use-session-navigation';
import { businessTypesQuery, regionsQuery } from '../../../../api/reference-data';
import { useSubmitProfile, type ProfileFileField } from '../../api/submit-profile';
import { BusinessStep } from './business-step';
import { BusinessTypeStep } from './business-type-step';
import { PersonalStep } from './personal-step';
import {
  checkStep,
  documentsToSend,
  emptyDocuments,
  individualBusinessName,
  initialProfileValues,
  parseProfile,
  wizardSteps,
  type DocumentErrors,
  type ProfileDocuments,
  type ProfileFormValues,
} from './profile-form';
import classes from './profile-wizard.module.css';
import { WizardHeader } from './wizard-header';

const LAST_STEP = wizardSteps.length - 1;

/** The server's sentence when it sent one, else the screen's own "profile failed" text. */
function profileFailureMessage(error: unknown): string {
  return (error instanceof ApiError && serverSentence(error.body)) || lendersText.profileFailed;
}

export function ProfileWizard() {
  const { signInAndGo, signOutAndGo } = useSessionNavigation();
  const [step, setStep] = useState(0);
  const [documents, setDocuments] = useState<ProfileDocuments>(emptyDocuments);
  const [documentErrors, setDocumentErrors] = useState<DocumentErrors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const form = useForm<ProfileFormValues>({
    initialValues: initialProfileValues,
    // A lender without a business lends under their name, also when it is typed later.
    onValuesChange: (values, previous) => {
      if (!values.hasNoBusiness) return;
      if (values.firstName === previous.firstName && values.lastName === previous.lastName) return;
      form.setFieldValue('businessName', individualBusinessName(values.firstName, values.lastName));
    },
  });

  const types = useQuery(businessTypesQuery());
  const regions = useQuery(regionsQuery());

  const send = useSubmitProfile({
    onSuccess: (token) => {
      // A token the session cannot take is a failure: thrown here, the mutation fails.
      if (!token || !signInAndGo(token, paths.lenderApprovalPending)) {
        throw new Error(lendersText.profileFailed);
      }
      notifySuccess(lendersText.successTitle, lendersText.profileUpdated);
    },
    onError: (error) => notifyError(commonText.errorTitle, profileFailureMessage(error)),
  });
  // Once sent, the wizard stays busy while the approval-pending page opens.
  const busy = send.isPending || send.isSuccess;
  const failure = send.error ? profileFailureMessage(send.error) : null;

  useFailureToast(regions.error, commonText.errorTitle, lendersText.regionsFailed);

  // After Next or Back, bring the new step's title into view and focus.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [step]);

  function setNoBusiness(checked: boolean) {
    const { firstName, lastName } = form.getValues();
    const individual = types.data?.find((type) => type.businessType === 'individual');
    form.setValues(
      checked
        ? {
            hasNoBusiness: true,
            businessType: individual ? String(individual.id) : '',
            businessName: individualBusinessName(firstName, lastName),
            defaultLoanLimit: INDIVIDUAL_DEFAULT_LOAN_LIMIT,
          }
        : { hasNoBusiness: false, businessType: '', businessName: '', defaultLoanLimit: '' },
    );
    form.clearFieldError('businessType');
  }

  function changeDocument(field: ProfileFileField, file: File | null) {
    setDocuments((current) => ({ ...current, [field]: file }));
    setDocumentErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Checks the current step, showing what is wrong; true when it passes. */
  function checkCurrentStep(): boolean {
    const check = checkStep(wizardSteps[step]!, form.getValues(), documents);
    form.setErrors(check.fieldErrors);
    setDocumentErrors(check.documentErrors);
    if (check.missingFiles) notifyError(lendersText.missingFilesTitle, check.missingFiles);
    // The step passes now: what was missing (the "Missing Files" toast) is fixed.
    else if (check.ok) clearFailureToast();
    return check.ok;
  }

  function goTo(next: number) {
    moved.current = true;
    setStep(next);
  }

  function back() {
    form.clearErrors();
    setDocumentErrors({});
    goTo(step - 1);
  }

  function submit() {
    const values = form.getValues();
    // Every step passed on the way here; a step changed since is sent back to.
    const failing = wizardSteps.findIndex((name) => !checkStep(name, values, documents).ok);
    const profile = parseProfile(values);
    if (failing !== -1 || !profile) {
      const target = failing === -1 ? 0 : failing;
      const check = checkStep(wizardSteps[target]!, values, documents);
      form.setErrors(check.fieldErrors);
      setDocumentErrors(check.documentErrors);
      goTo(target);
      return;
    }
    send.mutate({ profile, files: documentsToSend(values, documents) });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !checkCurrentStep()) return;
    if (step < LAST_STEP) goTo(step + 1);
    else submit();
  }

  const stepName = wizardSteps[step]!;
  return (
    <form onSubmit={onSubmit} noValidate className={classes.wizard}>
      <Stack gap="xl">
        <WizardHeader step={step} onLogOut={() => signOutAndGo()} />
        <Stack gap="lg">
          <Title order={2} fz={{ base: 20, sm: 22 }} ref={headingRef} tabIndex={-1}>
            {authText.profileSteps[stepName]}
          </Title>
          {stepName === 'businessType' && (
            <BusinessTypeStep form={form} types={types} onNoBusinessChange={setNoBusiness} />
          )}
          {stepName === 'personal' && (
            <PersonalStep
              form={form}
              regions={regions}
              documents={documents}
              documentErrors={documentErrors}
              onDocumentChange={changeDocument}
            />
          )}
          {stepName === 'business' && (
            <BusinessStep
              form={form}
              documents={documents}
              documentErrors={documentErrors}
              onDocumentChange={changeDocument}
            />
          )}
        </Stack>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" wrap="nowrap" gap="sm">
          {step > 0 && (
            <Button
              variant="default"
              size="md"
              mr="auto"
              leftSection={<IconArrowLeft size={18} />}
              onClick={back}
              disabled={busy}
            >
              {lendersText.back}
            </Button>
          )}
          <Button
            type="submit"
            size="md"
            flex={{ base: 1, xs: 'none' }}
            rightSection={step < LAST_STEP ? <IconArrowRight size={18} /> : undefined}
            disabled={busy}
          >
            {step < LAST_STEP
              ? lendersText.next
              : busy
                ? lendersText.submittingProfile
                : lendersText.submitProfile}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
