/** Step 2: who the lender is, and the documents proving it. */
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { genders } from '../../../../domain/lender-profile';
import { commonText } from '../../../../i18n/common';
import { lendersText } from '../../../../i18n/lenders';
import type { Region } from '../../../../domain/reference-data';
import { PersonFields } from '../../../../components/person-fields';
import { IdentityDocuments } from './identity-documents';
import type { IdentityMode, ProfileFormValues } from './profile-form';
import type { WizardDocuments } from './wizard-document';

type PersonalStepProps = WizardDocuments & {
  form: UseFormReturnType<ProfileFormValues>;
  regions: UseQueryResult<Region[]>;
};

const genderOptions = genders.map((gender) => ({
  value: gender,
  label: lendersText.genderOptions[gender],
}));

export function PersonalStep({ form, regions, ...documents }: PersonalStepProps) {
  const values = form.getValues();
  const regionOptions = (regions.data ?? []).map((region) => ({
    value: String(region.id),
    label: region.name,
  }));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <PersonFields form={form} texts={lendersText} ownDetails required />
        <Select
          label={lendersText.genderLabel}
          placeholder={lendersText.genderPlaceholder}
          data={genderOptions}
          allowDeselect={false}
          required
          size="md"
          value={values.gender || null}
          onChange={(value) => form.setFieldValue('gender', value ?? '')}
          error={form.errors.gender}
        />
        <Stack gap={4}>
          <Select
            label={lendersText.regionLabel}
            placeholder={
              regions.isLoading ? lendersText.regionsLoading : lendersText.regionPlaceholder
            }
            data={regionOptions}
            searchable
            nothingFoundMessage={lendersText.regionNothingFound}
            allowDeselect={false}
            disabled={regions.isLoading}
            required
            size="md"
            value={values.lenderRegionId || null}
            onChange={(value) => form.setFieldValue('lenderRegionId', value ?? '')}
            error={
              form.errors.lenderRegionId ?? (regions.error ? lendersText.regionsFailed : undefined)
            }
          />
          {regions.error && (
            <Button variant="default" size="sm" mih={44} onClick={() => void regions.refetch()}>
              {commonText.retry}
            </Button>
          )}
        </Stack>
        <TextInput
          label={lendersText.idNumberLabel}
          autoComplete="off"
          required
          size="md"
          {...form.getInputProps('idNumber')}
        />
      </SimpleGrid>
      <IdentityDocuments
        mode={values.identityMode}
        onModeChange={(mode: IdentityMode) => form.setFieldValue('identityMode', mode)}
        {...documents}
      />
    </Stack>
  );
}
