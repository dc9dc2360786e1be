/**
 * Step 3: the business. A lender without one lends under their own
 * name with the individual loan limit, and sends no licence or certificate.
 */
import { Alert, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { INDIVIDUAL_DEFAULT_LOAN_LIMIT } from '../../../../domain/lender-profile';
import { lendersText } from '../../../../i18n/lenders';
import { formatKes } from '../../../../lib/format';
import type { ProfileFormValues } from './profile-form';
import { WizardDocument, type WizardDocuments } from './wizard-document';

type BusinessStepProps = WizardDocuments & { form: UseFormReturnType<ProfileFormValues> };

export function BusinessStep({ form, ...documents }: BusinessStepProps) {
  const { hasNoBusiness } = form.getValues();
  return (
    <Stack gap="lg">
      {hasNoBusiness && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />}>
          {lendersText.individualBusinessHint(formatKes(INDIVIDUAL_DEFAULT_LOAN_LIMIT))}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={lendersText.businessNameLabel}
          autoComplete="organization"
          required
          readOnly={hasNoBusiness}
          variant={hasNoBusiness ? 'filled' : 'default'}
          size="md"
          {...form.getInputProps('businessName')}
        />
        <TextInput
          label={lendersText.paybillLabel}
          inputMode="numeric"
          autoComplete="off"
          required
          size="md"
          {...form.getInputProps('paybillNumber')}
        />
        <NumberInput
          label={lendersText.defaultLoanLimitLabel}
          prefix="KES "
          thousandSeparator=","
          decimalScale={2}
          min={1}
          allowNegative={false}
          hideControls
          inputMode="decimal"
          required
          readOnly={hasNoBusiness}
          variant={hasNoBusiness ? 'filled' : 'default'}
          size="md"
          {...form.getInputProps('defaultLoanLimit')}
        />
      </SimpleGrid>
      {!hasNoBusiness && (
        <Stack gap="sm">
          <Text fw={600} component="h3" m={0} fz="md">
            {lendersText.businessDocumentsTitle}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <WizardDocument
              field="businessLicenseUrl"
              label={lendersText.businessLicenseLabel}
              {...documents}
            />
            <WizardDocument
              field="registrationCertificateUrl"
              label={lendersText.registrationCertificateLabel}
              {...documents}
            />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
