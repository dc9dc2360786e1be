/** Step 1: the kind of business, or "I don't have a business". */
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { INDIVIDUAL_DEFAULT_LOAN_LIMIT } from '../../../../domain/lender-profile';
import { commonText } from '../../../../i18n/common';
import { lendersText } from '../../../../i18n/lenders';
import { formatKes } from '../../../../lib/format';
import type { BusinessType } from '../../../../domain/reference-data';
import type { ProfileFormValues } from './profile-form';
import classes from './profile-wizard.module.css';

type BusinessTypeStepProps = {
  form: UseFormReturnType<ProfileFormValues>;
  types: UseQueryResult<BusinessType[]>;
  onNoBusinessChange: (checked: boolean) => void;
};

export function BusinessTypeStep({ form, types, onNoBusinessChange }: BusinessTypeStepProps) {
  const { hasNoBusiness, businessType } = form.getValues();
  const businessKinds = (types.data ?? []).filter((type) => type.businessType === 'business');
  const hasIndividualType = (types.data ?? []).some((type) => type.businessType === 'individual');

  return (
    <Stack gap="lg">
      <Radio.Group
        label={lendersText.businessTypeQuestion}
        description={lendersText.businessTypeHint}
        value={hasNoBusiness ? '' : businessType}
        onChange={(value) => form.setFieldValue('businessType', value)}
        error={form.errors.businessType}
        size="md"
      >
        <Stack gap="xs" mt="sm">
          {types.isLoading && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Skeleton h={76} radius="md" />
              <Skeleton h={76} radius="md" />
            </SimpleGrid>
          )}
          {types.error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{lendersText.businessTypesFailed}</Text>
                <Button size="sm" variant="default" mih={44} onClick={() => void types.refetch()}>
                  {commonText.retry}
                </Button>
              </Group>
            </Alert>
          )}
          {types.data && businessKinds.length === 0 && (
            <Text size="sm" c="dimmed">
              {lendersText.noBusinessTypes}
            </Text>
          )}
          {businessKinds.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {businessKinds.map((type) => (
                <Radio.Card
                  key={type.id}
                  value={String(type.id)}
                  radius="md"
                  disabled={hasNoBusiness}
                  className={classes.typeCard}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator mt={2} disabled={hasNoBusiness} />
                    <Stack gap={2} miw={0}>
                      <Text fw={600}>{type.name}</Text>
                      {type.description && (
                        <Text size="sm" c="dimmed">
                          {type.description}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Radio.Group>

      <Divider label={lendersText.or} labelPosition="center" />

      <Card withBorder radius="md" padding="md" className={classes.switchCard}>
        <Switch
          size="md"
          checked={hasNoBusiness}
          disabled={!hasIndividualType}
          onChange={(event) => onNoBusinessChange(event.currentTarget.checked)}
          label={<Text fw={600}>{lendersText.noBusinessSwitch}</Text>}
          description={lendersText.noBusinessHint(formatKes(INDIVIDUAL_DEFAULT_LOAN_LIMIT))}
        />
      </Card>
    </Stack>
  );
}
