/**
 * Step 2 of the borrower dialog: a passport photo, or both sides of the ID card — the
 * switch decides which inputs show and which files are sent.
 */
import { Input, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DocumentInput } from '../../../components/document-input';
import { borrowersText as t } from '../../../i18n/borrowers';
import type { BorrowerFiles, DocumentKind } from '../utils/form-values';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
const ID_TYPES = 'image/jpeg,image/png,image/webp,application/pdf';

export function BorrowerDocumentsStep({
  files,
  onChange,
  error,
  creating,
  disabled,
}: {
  files: BorrowerFiles;
  onChange: (files: BorrowerFiles) => void;
  /** Why the chosen files are not enough; shown on the inputs still empty. */
  error: string | null;
  creating: boolean;
  disabled: boolean;
}) {
  const missing = (file: File | null) => (error && !file ? error : undefined);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {creating ? t.documentsCreateHint : t.documentsEditHint}
      </Text>
      <Input.Wrapper label={t.documentsChoiceLabel} labelElement="div">
        <SegmentedControl
          mt={4}
          fullWidth
          size="md"
          // A label longer than its half of a phone (Kiswahili's) wraps instead of being cut.
          styles={{ label: { whiteSpace: 'normal' } }}
          value={files.kind}
          onChange={(kind) => onChange({ ...files, kind: kind as DocumentKind })}
          disabled={disabled}
          data={[
            { value: 'passport', label: t.documentsPassport },
            { value: 'idCard', label: t.documentsIdCard },
          ]}
        />
      </Input.Wrapper>
      {files.kind === 'passport' ? (
        <DocumentInput
          label={t.passportPhotoLabel}
          name="passportPhoto"
          value={files.passportPhoto}
          onChange={(file) => onChange({ ...files, passportPhoto: file })}
          error={missing(files.passportPhoto)}
          accept={PHOTO_TYPES}
          required={creating}
          disabled={disabled}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DocumentInput
            label={t.idFrontLabel}
            name="idFront"
            value={files.idFront}
            onChange={(file) => onChange({ ...files, idFront: file })}
            error={missing(files.idFront)}
            accept={ID_TYPES}
            required={creating}
            disabled={disabled}
          />
          <DocumentInput
            label={t.idBackLabel}
            name="idBack"
            value={files.idBack}
            onChange={(file) => onChange({ ...files, idBack: file })}
            error={missing(files.idBack)}
            accept={ID_TYPES}
            required={creating}
            disabled={disabled}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
