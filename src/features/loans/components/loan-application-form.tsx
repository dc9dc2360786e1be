/**
 * The loan application form: borrower, loan
 * plan and principal, validated with the server's schema, and the loan calculator shown
 * once a plan and a principal are chosen — sticky beside the form on desktops, a card
 * above the submit button on phones and tablets. With `repair`, it is an application the
 * server refused (docs/architecture.md §7): prefilled from the queued request, in one
 * column, and saving hands the corrected request back instead of sending it.
 */
import { Box, Button, Card, Grid, Stack, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalculator } from '@tabler/icons-react';
import { schemaResolver } from '../../../lib/form-resolver';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { LoanTerms, PlanTerms } from '../../../domain/loan-terms';
import * as v from 'valibot';
import { loanApplicationSchema } from '../../../domain/loans';
import { toCents } from '../../../domain/money';
import { commonText } from '../../../i18n/common';
import { loansText as t } from '../../../i18n/loans';
import { formatKes } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApplyForLoan, type LoanApplied } from '../api/apply-for-loan';
import type { BorrowerChoice } from '../api/get-borrowers';
import { loanPlansQuery } from '../../../api/loan-plans';
import { useLoanAction } from '../hooks/use-loan-action';
import { failureText } from '../../../lib/failure';
import { planTermsOfPlan, principalCents, termsFor } from '../utils/terms';
import { BorrowerSelect } from '../../../components/borrower-select';
import { borrowerStatusLabel } from '../../../lib/format';
import { offlineText } from '../../../i18n/offline';
import { useSession } from '../../../lib/session';
import type { OutboxItem } from '../../../offline/db';
import { idOrTempIdField, PENDING_STATUS } from '../../../offline/pending';
import { fieldText, type OutboxRepairProps } from '../../../offline/repair';
import { useBorrowerChoices } from '../../../offline/use-borrower-choices';
import { DialogButtons } from '../../../components/dialog-buttons';
import { FailureAlert } from '../../../components/failure-alert';
import { DrawnWhen } from '../../../components/drawn-when';
import { LoanCalculator } from './loan-calculator';
import { PlanSelect } from './plan-select';
import { PrincipalInput } from './principal-input';
import { personName } from '../../../lib/names';

/**
 * A borrower as an applicant: only active ones can be chosen (docs/architecture.md §5), and one
 * registered offline and still being sent (docs/architecture.md §7); the others show their status.
 */
function applicantOption(borrower: BorrowerChoice, name: string, phone: string) {
  const pending = borrower.status === PENDING_STATUS;
  const active = borrower.status === 'active' || pending;
  return {
    label: pending
      ? t.borrowerOptionPending(name, phone)
      : active
        ? t.borrowerOption(name, phone)
        : t.borrowerOptionInactive(name, phone, borrowerStatusLabel(borrower.status)),
    disabled: !active,
  };
}

/**
 * The application as the form checks it: a borrower registered offline still carries
 * its negative temporary id, replaced by the real one before the application is sent.
 */
const applicationFormSchema = v.object({
  ...loanApplicationSchema.entries,
  borrowerId: idOrTempIdField(t.borrowerRequired),
});

/** An application sent at once, or kept in the outbox until online (its label). */

type Values = {
  borrowerId: string;
  lenderLoanPlanId: string;
  principalAmount: number | string;
  lenderBusinessId: number;
};

/** A queued application as the form holds it (the borrower's id may be a temporary one). */
function queuedApplication(item: OutboxItem): Values {
  const principal = fieldText(item, 'principalAmount');
  return {
    borrowerId: fieldText(item, 'borrowerId'),
    lenderLoanPlanId: fieldText(item, 'lenderLoanPlanId'),
    principalAmount: principal === '' ? '' : Number(principal),
    lenderBusinessId: item.lenderBusinessId,
  };
}

export function LoanApplicationForm({
  userId,
  businessId,
  initialBorrowerId = '',
  onApplied,
  repair,
}: {
  userId: number;
  businessId: number;
  /** From ?borrowerId= (the borrower page's "apply" link). */
  initialBorrowerId?: string;
  onApplied?: () => void;
  /** An application the server refused, to correct and send again. */
  repair?: OutboxRepairProps;
}) {
  const wideScreen = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  // In the outbox's dialog there is no room for the calculator beside the form.
  const wide = wideScreen && !repair;
  const [today] = useState(() => new Date());
  const action = useLoanAction<'apply', LoanApplied>();
  const application = useApplyForLoan();
  const { user } = useSession();
  // Borrowers registered offline are offered too; their application follows them out.
  const borrowers = useBorrowerChoices(userId, businessId);
  const plans = useQuery(loanPlansQuery(businessId));
  // Uncontrolled: a key of the amount renders the amount and the calculator (which watch
  // it), not the whole form; choosing a borrower or a plan renders the form again.
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: repair
      ? queuedApplication(repair.item)
      : {
          borrowerId: initialBorrowerId,
          lenderLoanPlanId: '',
          principalAmount: '',
          lenderBusinessId: businessId,
        },
    validate: schemaResolver(applicationFormSchema),
  });

  const values = form.getValues();
  const borrower = borrowers.data?.find((b) => String(b.id) === values.borrowerId);
  const plan = plans.data?.find((p) => String(p.id) === values.lenderLoanPlanId);
  const terms = planTermsOfPlan(plan);
  const limit = borrower?.loanLimit ?? null;

  const reset = () => {
    form.setValues({ borrowerId: '', lenderLoanPlanId: '', principalAmount: '' });
    form.resetDirty();
    form.resetTouched();
    onApplied?.();
  };

  /** Agents apply in the field: online at once, or kept in the outbox until online. */
  const send = (values: Values): Promise<LoanApplied> =>
    application.mutateAsync({
      application: v.parse(applicationFormSchema, values),
      queue:
        user?.role === 'agent'
          ? {
              userId: user.id,
              lenderBusinessId: businessId,
              label: t.applicationFor(borrower ? personName(borrower) : ''),
            }
          : undefined,
    });

  const submit = (values: Values) => {
    if (repair) {
      repair.onSave({ ...repair.item.request, json: v.parse(applicationFormSchema, values) });
      return;
    }
    void apply(values);
  };

  const apply = (values: Values) =>
    action.run('apply', () => send(values), {
      onSuccess: (outcome) => {
        if ('queued' in outcome) {
          notifySuccess(offlineText.savedOffline, offlineText.savedOfflineText(outcome.queued));
        } else {
          const code = outcome.sent?.data?.loanCode;
          notifySuccess(t.applied, code ? t.appliedDetail(code) : t.applied);
        }
        reset();
      },
      onFailure: (failure) => {
        const message = failureText(failure, commonText.genericError);
        notifyError(t.applyFailed, message);
        return message;
      },
    });

  const calculator = (waiting: ReactNode) => (
    <Calculator form={form} terms={terms} today={today} waiting={waiting} />
  );

  const fields = (
    <Stack gap="md">
      <FailureAlert message={action.error} title={t.applyFailed} />
      {/* The pickers are drawn again for what they show, not for a key of the amount. */}
      <DrawnWhen
        deps={[
          borrowers.data,
          borrowers.loading,
          borrowers.failed,
          values.borrowerId,
          form.errors.borrowerId,
        ]}
      >
        {() => (
          <BorrowerSelect
            borrowers={borrowers.data}
            option={applicantOption}
            texts={t}
            loading={borrowers.loading}
            failed={borrowers.failed}
            value={values.borrowerId}
            onChange={(id) => form.setFieldValue('borrowerId', id)}
            error={form.errors.borrowerId as string | undefined}
            autoFocus
          />
        )}
      </DrawnWhen>
      <DrawnWhen
        deps={[
          plans.data,
          plans.isLoading,
          plans.error,
          values.lenderLoanPlanId,
          form.errors.lenderLoanPlanId,
        ]}
      >
        {() => (
          <PlanSelect
            plans={plans.data}
            loading={plans.isLoading}
            failed={Boolean(plans.error)}
            value={values.lenderLoanPlanId}
            onChange={(id) => form.setFieldValue('lenderLoanPlanId', id)}
            error={form.errors.lenderLoanPlanId as string | undefined}
          />
        )}
      </DrawnWhen>
      <PrincipalField
        key={form.key('principalAmount')}
        form={form}
        limit={limit}
        error={form.errors.principalAmount as string | undefined}
      />
      {!wide && calculator(null)}
      {repair ? (
        <DialogButtons
          label={offlineText.saveAndRetry}
          busyLabel={offlineText.saveAndRetry}
          busy={false}
          onCancel={repair.onCancel}
        />
      ) : (
        <Button
          type="submit"
          size="md"
          fullWidth={!wide}
          disabled={action.busy !== null}
          style={{ alignSelf: wide ? 'flex-end' : undefined }}
        >
          {action.busy ? t.submitting : t.submitApplication}
        </Button>
      )}
    </Stack>
  );
  // In the outbox's dialog the form stands alone; on the page it is a card of its own.
  const card = repair ? (
    fields
  ) : (
    <Card withBorder radius="md" padding={wide ? 'lg' : 'md'}>
      {fields}
    </Card>
  );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      {wide ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6, xl: 7 }}>{card}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, xl: 5 }}>
            <Box style={{ position: 'sticky', top: 'calc(60px + var(--mantine-spacing-lg))' }}>
              {calculator(<CalculatorWaiting />)}
            </Box>
          </Grid.Col>
        </Grid>
      ) : (
        card
      )}
    </form>
  );
}

/** A loan application the server refused, in the application form (docs/architecture.md §7). */
export function LoanApplicationRepairForm(repair: OutboxRepairProps) {
  const { item } = repair;
  return (
    <LoanApplicationForm userId={item.userId} businessId={item.lenderBusinessId} repair={repair} />
  );
}

/** The principal as the form holds it, following each key (the form's `watch`). */
function usePrincipal(form: UseFormReturnType<Values>): Values['principalAmount'] {
  const [principal, setPrincipal] = useState(() => form.getValues().principalAmount);
  form.watch('principalAmount', ({ value }) => setPrincipal(value));
  return principal;
}

/** The amount, and the borrower's loan limit it may not pass: only it renders as it is typed. */
function PrincipalField({
  form,
  limit,
  error,
}: {
  form: UseFormReturnType<Values>;
  limit: number | null;
  error: string | undefined;
}) {
  const value = usePrincipal(form);
  const principal = principalCents(value);
  const limitText = limit === null ? undefined : formatKes(limit);
  const overLimit = limit !== null && principal !== null && principal > toCents(limit);
  return (
    <PrincipalInput
      value={value}
      onChange={(next) => form.setFieldValue('principalAmount', next, { forceUpdate: false })}
      error={error ?? (overLimit && limitText ? t.overLimit(limitText) : undefined)}
      description={limitText ? t.loanLimitHint(limitText) : undefined}
    />
  );
}

/** The loan calculator for the amount typed and the plan chosen; `waiting` until both are. */
function Calculator({
  form,
  terms,
  today,
  waiting,
}: {
  form: UseFormReturnType<Values>;
  terms: PlanTerms | null;
  today: Date;
  waiting: ReactNode;
}) {
  const loanTerms: LoanTerms | null = termsFor(usePrincipal(form), terms);
  return loanTerms && terms ? (
    <LoanCalculator terms={loanTerms} plan={terms} today={today} />
  ) : (
    waiting
  );
}

/** The side column before a plan and a principal are chosen. */
function CalculatorWaiting(): ReactNode {
  return (
    <Card
      radius="md"
      padding="lg"
      withBorder
      style={{ borderStyle: 'dashed', background: 'transparent' }}
    >
      <Stack align="center" ta="center" gap="xs">
        <IconCalculator size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm" maw={320}>
          {t.calculatorWaiting}
        </Text>
      </Stack>
    </Card>
  );
}
