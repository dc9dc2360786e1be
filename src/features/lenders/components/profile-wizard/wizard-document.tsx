/** One document of the wizard, wired to the wizard's chosen files and their errors. */
import { DocumentInput } from '../../../../components/document-input';
import type { ProfileFileField } from '../../api/submit-profile';
import type { DocumentErrors, ProfileDocuments } from './profile-form';

/** What a step needs to show and change the wizard's documents. */
export type WizardDocuments = {
  documents: ProfileDocuments;
  documentErrors: DocumentErrors;
  onDocumentChange: (field: ProfileFileField, file: File | null) => void;
};

export function WizardDocument({
  field,
  label,
  documents,
  documentErrors,
  onDocumentChange,
}: WizardDocuments & { field: ProfileFileField; label: string }) {
  return (
    <DocumentInput
      label={label}
      name={field}
      required
      value={documents[field]}
      onChange={(file) => onDocumentChange(field, file)}
      error={documentErrors[field]}
    />
  );
}
