/**
 * Business registration: step 1 the business's details, step 2 its licence and certificate
 * (both required). Next validates step 1 and moves on, Back returns, and
 * only the last step submits (Enter on step 1 means Next).
 */
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Stepper,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/form-resolver';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { DocumentInput } from '../../../components/document-input';
import { businessRegistrationSchema } from '../../../domain/setup';
import { commonText } from '../../../i18n/common';
import { setupText as t } from '../../../i18n/setup';
import { notifySuccess } from '../../../lib/notify';
import { failureMessage, notifyFailure } from '../../../lib/failure';
import { businessTypesQuery } from '../../../api/reference-data';
import { useRegisterBusiness } from '../api/register-business';
import { FailureAlert } from '../../../components/failure-alert';

type Values = {
  businessName: string;
  paybillNumber: string;
  defaultLoanLimit: number | string;
  lenderBusinessTypeId: string;
  businessLicenseUrl: File | null;
  registrationCertificateUrl: File | null;
};

const infoFields = [
  'businessName',
  'paybillNumber',
  'defaultLoanLimit',
  'lenderBusinessTypeId',
] as const;
const LAST_STEP = 1;

const validateInfo = schemaResolver(businessRegistrationSchema);

function validate(values: Values) {
  const errors = validateInfo(values);
  if (!values.businessLicenseUrl) errors.businessLicenseUrl = t.licenceRequired;
  if (!values.registrationCertificateUrl) {
    errors.registrationCertificateUrl = t.certificateRequired;
  }
  return errors;
}

export function BusinessRegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const [step, setStep] = useState(0);
  const types = useQuery(businessTypesQuery());
  const registration = useRegisterBusiness({
    onSuccess: () => {
      notifySuccess(commonText.successTitle, t.businessCreated);
      onRegistered();
    },
    onError: (failure) => notifyFailure(commonText.errorTitle, failure),
  });
  // Still busy once registered, while the selector opens.
  const busy = registration.isPending || registration.isSuccess;
  const error = registration.error ? failureMessage(registration.error) : null;
  const form = useForm<Values>({
    initialValues: {
      businessName: '',
      paybillNumber: '',
      defaultLoanLimit: '',
      lenderBusinessTypeId: '',
      businessLicenseUrl: null,
      registrationCertificateUrl: null,
    },
    validate,
  });

  function next() {
    const results = infoFields.map((field) => form.validateField(field).hasError);
    if (!results.some(Boolean)) setStep(LAST_STEP);
  }

  function register(values: Values) {
    const { businessLicenseUrl, registrationCertificateUrl } = values;
    if (!businessLicenseUrl || !registrationCertificateUrl) return;
    const info = v.parse(businessRegistrationSchema, values);
    registration.mutate({ ...info, businessLicenseUrl, registrationCertificateUrl });
  }

  const submitLastStep = form.onSubmit(register);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (step < LAST_STEP) {
      event.preventDefault();
      next();
    } else {
      submitLastStep(event);
    }
  }

  const typeOptions = (types.data ?? []).map((type) => ({
    value: String(type.id),
    label: type.name,
  }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Stepper
          active={step}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(index) => {
            if (!busy && index < step) setStep(index);
          }}
        >
          <Stepper.Step label={t.stepBusinessInfo} description={t.stepBusinessInfoText}>
            <Stack gap="md" pt="xs">
              <TextInput
                label={t.businessNameLabel}
                placeholder={t.businessNamePlaceholder}
                autoComplete="organization"
                withAsterisk
                size="md"
                {...form.getInputProps('businessName')}
              />
              <TextInput
                label={t.paybillLabel}
                placeholder={t.paybillPlaceholder}
                description={t.paybillHint}
                inputMode="numeric"
                autoComplete="off"
                withAsterisk
                size="md"
                {...form.getInputProps('paybillNumber')}
              />
              <NumberInput
                label={t.defaultLoanLimitLabel}
                description={t.defaultLoanLimitHint}
                placeholder={t.defaultLoanLimitPlaceholder}
                prefix="KES "
                thousandSeparator=","
                decimalScale={2}
                allowNegative={false}
                hideControls
                withAsterisk
                size="md"
                {...form.getInputProps('defaultLoanLimit')}
              />
              <Select
                label={t.businessTypeLabel}
                placeholder={types.isLoading ? t.businessTypesLoading : t.businessTypePlaceholder}
                data={typeOptions}
                disabled={types.isLoading}
                allowDeselect={false}
                withAsterisk
                size="md"
                {...form.getInputProps('lenderBusinessTypeId')}
                value={form.values.lenderBusinessTypeId || null}
                onChange={(id) => form.setFieldValue('lenderBusinessTypeId', id ?? '')}
              />
              {types.error && (
                <Alert color="red" variant="light" icon={<IconAlertCircle />}>
                  <Group justify="space-between" gap="sm">
                    {t.businessTypesFailed}
                    <Button variant="default" size="xs" onClick={() => void types.refetch()}>
                      {t.retry}
                    </Button>
                  </Group>
                </Alert>
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t.stepDocuments} description={t.stepDocumentsText}>
            <Stack gap="md" pt="xs">
              <DocumentInput
                label={t.licenceLabel}
                required
                value={form.values.businessLicenseUrl}
                onChange={(file) => form.setFieldValue('businessLicenseUrl', file)}
                error={form.errors.businessLicenseUrl}
                disabled={busy}
              />
              <DocumentInput
                label={t.certificateLabel}
                required
                value={form.values.registrationCertificateUrl}
                onChange={(file) => form.setFieldValue('registrationCertificateUrl', file)}
                error={form.errors.registrationCertificateUrl}
                disabled={busy}
              />
            </Stack>
          </Stepper.Step>
        </Stepper>

        <FailureAlert message={error} />

        <Group justify={step > 0 ? 'space-between' : 'flex-end'} gap="sm">
          {step > 0 && (
            <Button
              variant="default"
              size="md"
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => setStep(step - 1)}
              disabled={busy}
            >
              {t.back}
            </Button>
          )}
          {step < LAST_STEP ? (
            <Button type="submit" size="md" rightSection={<IconArrowRight size={18} />}>
              {t.next}
            </Button>
          ) : (
            <Button type="submit" size="md" disabled={busy}>
              {busy ? t.registering : t.registerSubmit}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
