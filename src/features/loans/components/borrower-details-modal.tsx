import { Stack } from '@mantine/core';
import { BorrowerDataRights } from '../../../components/borrower-data-rights';
import { formatKenyanPhone } from '../../../domain/phone';
import { loansText as t } from '../../../i18n/loans';
import { orNA } from '../../../lib/format';
import type { LoanBorrower } from '../../../domain/loans';
import { DetailList } from '../../../components/detail-list';
import { InfoModal } from './loan-modal';
import { personName } from '../../../lib/names';

const phone = (value: string | null | undefined) =>
  value ? formatKenyanPhone(value) : orNA(value);

/** The borrower of a loan: name, phone, ID number and next of kin. */
export function BorrowerDetailsModal({
  borrower,
  onClose,
  onErased,
}: {
  borrower: LoanBorrower | null;
  onClose: () => void;
  /** For the lender: the borrower's data rights, and what follows an erasure. */
  onErased?: () => void;
}) {
  return (
    <InfoModal opened={borrower !== null} onClose={onClose} title={t.borrowerTitle}>
      {borrower && (
        <Stack gap="lg">
          <DetailList
            items={[
              { label: t.borrowerLabels.name, value: orNA(personName(borrower)) },
              { label: t.borrowerLabels.phone, value: phone(borrower.phoneNumber) },
              { label: t.borrowerLabels.idNumber, value: orNA(borrower.idNumber) },
              { label: t.borrowerLabels.nextOfKinName, value: orNA(borrower.nextOfKinName) },
              { label: t.borrowerLabels.nextOfKinNumber, value: phone(borrower.nextOfKinNumber) },
              {
                label: t.borrowerLabels.nextOfKinRelation,
                value: orNA(borrower.nextOfKinRelation),
              },
            ]}
          />
          {onErased && (
            <BorrowerDataRights
              borrowerId={borrower.id}
              name={orNA(personName(borrower))}
              onErased={onErased}
            />
          )}
        </Stack>
      )}
    </InfoModal>
  );
}
