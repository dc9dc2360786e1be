/**
 * The identity documents of step 2: a passport photo, or both sides of the national ID,
 * never both. The switch shows one set of inputs; files chosen for
 * the other set are kept but not sent.
 */
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { lendersText } from '../../../../i18n/lenders';
import type { IdentityMode } from './profile-form';
import { WizardDocument, type WizardDocuments } from './wizard-document';

type IdentityDocumentsProps = WizardDocuments & {
  mode: IdentityMode;
  onModeChange: (mode: IdentityMode) => void;
};

export function IdentityDocuments({ mode, onModeChange, ...documents }: IdentityDocumentsProps) {
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text fw={600} component="h3" m={0} fz="md">
          {lendersText.identityDocumentsTitle}
        </Text>
        <Text size="sm" c="dimmed">
          {lendersText.identityDocumentsHint}
        </Text>
      </Stack>
      <SegmentedControl
        fullWidth
        size="md"
        aria-label={lendersText.identityModeLabel}
        value={mode}
        onChange={(value) => onModeChange(value === 'nationalId' ? 'nationalId' : 'passport')}
        data={[
          { value: 'passport', label: lendersText.identityModes.passport },
          { value: 'nationalId', label: lendersText.identityModes.nationalId },
        ]}
      />
      {mode === 'passport' ? (
        <WizardDocument
          field="passportPhoto"
          label={lendersText.passportPhotoLabel}
          {...documents}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <WizardDocument field="idFront" label={lendersText.idFrontLabel} {...documents} />
          <WizardDocument field="idBack" label={lendersText.idBackLabel} {...documents} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
