/**
 * Step 1 of the borrower dialog: the borrower, the next of kin, and where the borrower
 * belongs (business, area, and the borrower who referred them).
 */
import { Group, Radio, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { borrowerGenders } from '../../../domain/borrowers';
import { formatKenyanPhone } from '../../../domain/phone';
import { borrowersText as t } from '../../../i18n/borrowers';
import { appLanguage } from '../../../i18n/language';
import { BusinessAreaFields } from '../../../components/area-select';
import { PersonFields } from '../../../components/person-fields';
import { referrersQuery } from '../api/get-referrers';
import { type Borrower } from '../../../domain/borrowers';
import { formatIsoDate, latestBirthDate, parseDateOfBirth, parseIsoDate } from '../utils/dates';
import type { BorrowerFormValues } from '../utils/form-values';
import { personName } from '../../../lib/names';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function BorrowerDetailsStep({
  form,
  borrower,
  whole = true,
}: {
  form: UseFormReturnType<BorrowerFormValues>;
  borrower: Borrower | null;
  /** False draws the borrower's own section alone (what a phone's screen shows first). */
  whole?: boolean;
}) {
  const creating = borrower === null;
  // The form is uncontrolled (a key renders its field alone): values are read, not held.
  const values = form.getValues();
  const businessId = Number(values.lenderBusinessId) || null;

  const referrers = useQuery({ ...referrersQuery(businessId ?? 0), enabled: businessId !== null });

  const referrerOptions = (referrers.data ?? [])
    .filter((candidate) => candidate.id !== borrower?.id)
    .map((candidate) => ({
      value: String(candidate.id),
      label: `${personName(candidate)} · ${formatKenyanPhone(candidate.phoneNumber)}`,
    }));

  /** A required text input of the form, with the keyboard its content needs. */
  const textField = (name: keyof BorrowerFormValues, kind: 'words' | 'phone' | 'numeric') => ({
    autoComplete: 'off',
    withAsterisk: true,
    size: 'md' as const,
    ...(kind === 'words' ? { autoCapitalize: 'words' } : {}),
    ...(kind === 'phone'
      ? { type: 'tel', inputMode: 'tel' as const, placeholder: t.phonePlaceholder }
      : {}),
    ...(kind === 'numeric' ? { inputMode: 'numeric' as const } : {}),
    ...form.getInputProps(name),
  });

  const fieldError = (name: keyof BorrowerFormValues) =>
    form.getInputProps(name).error as ReactNode;

  return (
    <Stack gap="lg">
      <Section title={t.personalSection}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <PersonFields form={form} texts={t} ownDetails={false} autoFocus capitalizeNames />
          <TextInput
            label={t.alternativePhoneLabel}
            key={form.key('alternativePhoneNumber')}
            {...textField('alternativePhoneNumber', 'phone')}
            withAsterisk={false}
          />
          {/* Month and day names in the phone's language (dayjs's sw locale: src/main.tsx). */}
          <DatesProvider settings={{ locale: appLanguage() }}>
            <DateInput
              label={t.dobLabel}
              placeholder={t.dobPlaceholder}
              valueFormat="DD/MM/YYYY"
              dateParser={parseDateOfBirth}
              key={form.key('dob')}
              defaultValue={parseIsoDate(values.dob)}
              onChange={(date) =>
                form.setFieldValue('dob', date ? formatIsoDate(date) : '', { forceUpdate: false })
              }
              error={fieldError('dob')}
              maxDate={latestBirthDate()}
              minDate={new Date(1900, 0, 1)}
              defaultLevel="decade"
              withAsterisk
              size="md"
              popoverProps={{ withinPortal: true }}
            />
          </DatesProvider>
          <TextInput
            label={t.idNumberLabel}
            key={form.key('idNumber')}
            {...textField('idNumber', 'numeric')}
          />
        </SimpleGrid>
        <Radio.Group
          label={t.genderLabel}
          withAsterisk
          size="md"
          key={form.key('gender')}
          {...form.getInputProps('gender')}
        >
          <Group gap="lg" mt={4}>
            {borrowerGenders.map((gender) => (
              <Radio
                key={gender}
                value={gender}
                label={t.genders[gender]}
                styles={{ body: { alignItems: 'center', minHeight: 44 } }}
              />
            ))}
          </Group>
        </Radio.Group>
      </Section>

      {whole && (
        <>
          <Section title={t.nextOfKinSection}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label={t.nextOfKinNameLabel}
                key={form.key('nextOfKinName')}
                {...textField('nextOfKinName', 'words')}
              />
              <TextInput
                label={t.nextOfKinNumberLabel}
                key={form.key('nextOfKinNumber')}
                {...textField('nextOfKinNumber', 'phone')}
              />
              <TextInput
                label={t.nextOfKinRelationLabel}
                placeholder={t.nextOfKinRelationPlaceholder}
                key={form.key('nextOfKinRelation')}
                {...textField('nextOfKinRelation', 'words')}
              />
            </SimpleGrid>
          </Section>

          <Section title={t.businessSection}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <BusinessAreaFields
                form={form}
                role="agent"
                texts={t}
                clearLabel={t.clearBusiness}
                fixed={
                  creating
                    ? undefined
                    : { businesses: borrower.lenderBusinesses, description: t.businessFixed }
                }
                alsoEmpty={{ referringBorrowerId: '' }}
              />
            </SimpleGrid>
            <Select
              label={t.referrerLabel}
              placeholder={businessId ? t.referrerPlaceholder : t.areaNeedsBusiness}
              data={referrerOptions}
              value={values.referringBorrowerId || null}
              onChange={(value) => form.setFieldValue('referringBorrowerId', value ?? '')}
              disabled={!businessId}
              error={
                fieldError('referringBorrowerId') ?? (referrers.error ? t.referrersFailed : null)
              }
              searchable
              limit={50}
              clearable
              clearButtonProps={{ 'aria-label': t.clearReferrer }}
              nothingFoundMessage={t.noReferrers}
              size="md"
              comboboxProps={{ withinPortal: true }}
            />
          </Section>
        </>
      )}
    </Stack>
  );
}
