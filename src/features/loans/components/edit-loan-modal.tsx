/**
 * The edit loan dialog: the plan and the principal of a
 * pending loan, with the figures recomputed by computeLoanTerms before saving, exactly
 * as the server will store them.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemaResolver } from '../../../lib/form-resolver';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { loanUpdateSchema } from '../../../domain/loans';
import { toCents } from '../../../domain/money';
import { commonText } from '../../../i18n/common';
import { loansText as t } from '../../../i18n/loans';
import { formatKes } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { loanPlansQuery } from '../../../api/loan-plans';
import type { Loan, LoanAnswer } from '../../../domain/loans';
import { useUpdateLoan } from '../api/update-loan';
import { useLoanAction } from '../hooks/use-loan-action';
import { failureText } from '../../../lib/failure';
import { planTermsOfPlan, principalCents, termsFor } from '../utils/terms';
import { DetailSection } from '../../../components/detail-list';
import { FailureAlert } from '../../../components/failure-alert';
import { LoanSummary } from './loan-figures';
import { LoanModal } from './loan-modal';
import { PlanSelect } from './plan-select';
import { PrincipalInput } from './principal-input';
import { personName } from '../../../lib/names';

export function EditLoanModal({
  loan,
  onClose,
  onSaved,
}: {
  loan: Loan | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <LoanModal opened={loan !== null} onClose={onClose} title={t.editTitle} size={500}>
      {loan && <EditLoanForm key={loan.id} loan={loan} onClose={onClose} onSaved={onSaved} />}
    </LoanModal>
  );
}

type Values = { loanPlanId: string; principalAmount: number | string };

function EditLoanForm({
  loan,
  onClose,
  onSaved,
}: {
  loan: Loan;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [today] = useState(() => new Date());
  const action = useLoanAction<'save', LoanAnswer>();
  const update = useUpdateLoan();
  const plans = useQuery(loanPlansQuery(loan.lenderBusinessId));
  const form = useForm<Values>({
    initialValues: {
      loanPlanId: String(loan.lenderLoanPlan.id),
      principalAmount: loan.principalAmount,
    },
    validate: schemaResolver(loanUpdateSchema),
  });
  const plan = planTermsOfPlan(plans.data?.find((p) => String(p.id) === form.values.loanPlanId));
  const terms = termsFor(form.values.principalAmount, plan);
  const limit = loan.borrower.loanLimit;
  const principal = principalCents(form.values.principalAmount);
  const overLimit = principal !== null && principal > toCents(limit);

  const save = (values: Values) =>
    action.run(
      'save',
      () => update.mutateAsync({ loanId: loan.id, update: v.parse(loanUpdateSchema, values) }),
      {
        onSuccess: (answer) => {
          notifySuccess(t.successTitle, answer.message);
          onSaved();
        },
        onFailure: (failure) => {
          const message = failureText(failure, commonText.genericError);
          notifyError(commonText.errorTitle, message);
          return message;
        },
      },
    );

  return (
    <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.loanOf(loan.loanCode, personName(loan.borrower))}
        </Text>
        <FailureAlert message={action.error} />
        <PlanSelect
          plans={plans.data}
          loading={plans.isLoading}
          failed={Boolean(plans.error)}
          value={form.values.loanPlanId}
          onChange={(id) => form.setFieldValue('loanPlanId', id)}
          error={form.errors.loanPlanId as string | undefined}
        />
        <PrincipalInput
          value={form.values.principalAmount}
          onChange={(value) => form.setFieldValue('principalAmount', value)}
          error={
            (form.errors.principalAmount as string | undefined) ??
            (overLimit ? t.overLimit(formatKes(limit)) : undefined)
          }
          description={t.loanLimitHint(formatKes(limit))}
        />
        {terms && plan && (
          <DetailSection title={t.newFigures}>
            <LoanSummary figures={terms} terms={terms} plan={plan} start={today} ifToday />
          </DetailSection>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" size="md" onClick={onClose} disabled={action.busy !== null}>
            {t.cancel}
          </Button>
          <Button type="submit" size="md" disabled={action.busy !== null}>
            {action.busy ? t.saving : t.saveChanges}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
