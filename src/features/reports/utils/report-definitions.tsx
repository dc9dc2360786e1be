/**
 * What each of the eleven reports shows: its API path, the
 * table's columns (binding), every field of a row for the details view and the CSV
 * export, and how a row reads as a card on phones.
 */
import type { ReportApiPath } from '../api/get-report';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { reportsText as t } from '../../../i18n/reports';
import { shellText } from '../../../i18n/shell';
import {
  capitalizeWords,
  formatCount,
  formatDateTime,
  formatKsh,
  formatPercent,
  orNA,
} from '../../../lib/format';
import type { ReportName } from '../../../lib/paths';
import type {
  AgentActivityRow,
  AgentsPerBusinessRow,
  BorrowersPerLenderRow,
  BusinessesPerLenderRow,
  CapitalPerLenderRow,
  LenderActivityRow,
  LenderRow,
  LoanPerformanceRow,
  LoansPerLenderRow,
  RevenuePerLenderRow,
  UserGrowthRow,
} from '../../../domain/reports';
import type { CsvValue } from '../../../domain/csv';
import { formatMonth } from './format-month';

const c = t.columns;

/** One field of a row. Methods (not arrow properties) so a definition of any row type fits. */
export type ReportField<Row> = {
  label: string;
  /** The formatted value a person reads. */
  text(row: Row): string;
  /** A richer table cell (a status badge) where the text alone is not the whole story. */
  cell?(row: Row): ReactNode;
  /** The value in the CSV: numbers plain, amounts with two decimals, instants in ISO 8601. */
  csv(row: Row): CsvValue;
  /** What the figure means, under it in the details view. */
  note?: string;
  /** Right-aligned in the table. */
  numeric?: boolean;
  /** The column's starting width in pixels, so a report's columns share the page. */
  size: number;
};

export type ReportDefinition<Row> = {
  name: ReportName;
  apiPath: ReportApiPath;
  title: string;
  description: string;
  failure: string;
  empty: string;
  /** The row's identity within the report: the ?row= of its details view. */
  key(row: Row): string;
  /** What the details view is titled: the lender's, business's or agent's name, the month. */
  heading(row: Row): string;
  /** The table's columns. */
  columns: ReportField<Row>[];
  /** How many leading columns the heading stands for on a phone's card (ID and name: 2). */
  titleColumns: 1 | 2;
  /** Every field, for the details view and the CSV. */
  fields: ReportField<Row>[];
  /** The lender a row is about, linked from its details view. */
  lenderId?(row: Row): number;
};

const idField = <Row,>(label: string, get: (row: Row) => number): ReportField<Row> => ({
  label,
  text: (row) => String(get(row)),
  csv: (row) => get(row),
  size: 90,
});
const textField = <Row,>(
  label: string,
  get: (row: Row) => string | null,
  size = 170,
): ReportField<Row> => ({
  label,
  text: (row) => orNA(get(row)),
  csv: (row) => get(row),
  size,
});
const countField = <Row,>(
  label: string,
  get: (row: Row) => number,
  note?: string,
): ReportField<Row> => ({
  label,
  text: (row) => formatCount(get(row) ?? 0),
  csv: (row) => get(row) ?? 0,
  numeric: true,
  size: 100,
  ...(note ? { note } : {}),
});
const moneyField = <Row,>(
  label: string,
  get: (row: Row) => number,
  note?: string,
): ReportField<Row> => ({
  label,
  text: (row) => formatKsh(get(row)),
  csv: (row) => Number(get(row)).toFixed(2),
  numeric: true,
  size: 160,
  ...(note ? { note } : {}),
});
const instantField = <Row,>(
  label: string,
  get: (row: Row) => string | null,
  note?: string,
): ReportField<Row> => ({
  label,
  text: (row) => formatDateTime(get(row)),
  csv: (row) => get(row),
  size: 170,
  ...(note ? { note } : {}),
});
const statusField = <Row,>(label: string, get: (row: Row) => string): ReportField<Row> => ({
  label,
  text: (row) => capitalizeWords(get(row)),
  cell: (row) => <StatusBadge status={get(row)} label={capitalizeWords(get(row))} />,
  csv: (row) => get(row),
  size: 110,
});

type ByLender = { lenderId: number; lenderName: string | null };
const lenderIdField = <Row extends ByLender>() => idField<Row>(c.lenderId, (row) => row.lenderId);
const lenderNameField = <Row extends ByLender>() =>
  textField<Row>(c.lenderName, (row) => row.lenderName);

function report<Row>(
  name: ReportName,
  apiPath: ReportApiPath,
  rest: Pick<ReportDefinition<Row>, 'key' | 'heading' | 'columns' | 'fields' | 'lenderId'> &
    Partial<Pick<ReportDefinition<Row>, 'titleColumns'>>,
): ReportDefinition<Row> {
  return {
    titleColumns: 2,
    name,
    apiPath,
    title: shellText.reportTitles[name],
    description: t.descriptions[name],
    failure: t.failures[name],
    empty: t.empty[name],
    ...rest,
  };
}

const byLender = {
  key: (row: ByLender) => String(row.lenderId),
  heading: (row: ByLender) => orNA(row.lenderName),
  lenderId: (row: ByLender) => row.lenderId,
};

const allLenders = (() => {
  const columns = [
    idField<LenderRow>(c.id, (row) => row.id),
    textField<LenderRow>(c.names, (row) => row.name),
    textField<LenderRow>(c.email, (row) => row.email, 250),
    textField<LenderRow>(c.phoneNumber, (row) => row.phoneNumber),
    statusField<LenderRow>(c.status, (row) => row.status),
    instantField<LenderRow>(c.createdAt, (row) => row.createdAt),
  ];
  return report<LenderRow>('all-lenders', 'lenders', {
    key: (row) => String(row.id),
    heading: (row) => row.name ?? row.email,
    lenderId: (row) => row.id,
    columns,
    fields: columns,
  });
})();

const borrowersPerLender = (() => {
  const borrowers = countField<BorrowersPerLenderRow>(c.borrowers, (row) => row.borrowers);
  return report<BorrowersPerLenderRow>('borrowers-per-lender', 'borrowers-per-lender', {
    ...byLender,
    columns: [lenderIdField(), lenderNameField(), borrowers],
    fields: [
      lenderIdField(),
      lenderNameField(),
      borrowers,
      countField(c.activeBorrowers, (row) => row.activeBorrowers),
      countField(c.businesses, (row) => row.businesses),
    ],
  });
})();

const businessesPerLender = (() => {
  const businesses: ReportField<BusinessesPerLenderRow> = {
    label: c.businesses,
    text: (row) => t.businessCount(row.businesses ?? 0),
    csv: (row) => row.businesses ?? 0,
    numeric: true,
    size: 120,
  };
  const columns = [
    lenderIdField<BusinessesPerLenderRow>(),
    lenderNameField<BusinessesPerLenderRow>(),
    businesses,
  ];
  return report<BusinessesPerLenderRow>('businesses-per-lender', 'businesses-per-lender', {
    ...byLender,
    columns,
    fields: columns,
  });
})();

const agentsPerBusiness = (() => {
  const id = idField<AgentsPerBusinessRow>(c.lenderBusinessId, (row) => row.lenderBusinessId);
  const name = textField<AgentsPerBusinessRow>(c.businessName, (row) => row.businessName);
  const agents = countField<AgentsPerBusinessRow>(c.agents, (row) => row.agents);
  return report<AgentsPerBusinessRow>('agents-per-business', 'agents-per-business', {
    key: (row) => String(row.lenderBusinessId),
    heading: (row) => row.businessName,
    lenderId: (row) => row.lenderId,
    columns: [id, name, agents],
    fields: [
      id,
      name,
      agents,
      countField(c.activeAgents, (row) => row.activeAgents),
      lenderIdField(),
      lenderNameField(),
    ],
  });
})();

const capitalPerLender = (() => {
  const capital = moneyField<CapitalPerLenderRow>(c.capital, (row) => row.capital);
  return report<CapitalPerLenderRow>('capital-per-lender', 'capital-per-lender', {
    ...byLender,
    columns: [lenderIdField(), lenderNameField(), capital],
    fields: [
      lenderIdField(),
      lenderNameField(),
      capital,
      countField(c.businesses, (row) => row.businesses),
    ],
  });
})();

const lenderActivity = (() => {
  const lastActive = instantField<LenderActivityRow>(
    c.lastActive,
    (row) => row.lastActive,
    t.notes.lastActive,
  );
  const issued = countField<LenderActivityRow>(c.loansIssued, (row) => row.loansIssued);
  return report<LenderActivityRow>('lender-activity', 'lender-activity', {
    ...byLender,
    columns: [lenderIdField(), lenderNameField(), lastActive, issued],
    fields: [
      lenderIdField(),
      lenderNameField(),
      statusField(c.status, (row) => row.status),
      lastActive,
      issued,
    ],
  });
})();

const agentActivity = (() => {
  const id = idField<AgentActivityRow>(c.agentId, (row) => row.agentId);
  const name = textField<AgentActivityRow>(c.agentName, (row) => row.agentName);
  const lastActive = instantField<AgentActivityRow>(
    c.lastActive,
    (row) => row.lastActive,
    t.notes.lastActive,
  );
  const applications = countField<AgentActivityRow>(
    c.loanApplications,
    (row) => row.loanApplications,
  );
  return report<AgentActivityRow>('agent-activity', 'agent-activity', {
    key: (row) => String(row.agentId),
    heading: (row) => orNA(row.agentName),
    columns: [id, name, lastActive, applications],
    fields: [id, name, statusField(c.status, (row) => row.status), lastActive, applications],
  });
})();

const loanPerformance = (() => {
  const rate: ReportField<LoanPerformanceRow> = {
    label: c.repaymentRate,
    text: (row) => formatPercent(row.repaymentRate),
    csv: (row) => row.repaymentRate,
    note: t.notes.repaymentRate,
    numeric: true,
    size: 120,
  };
  const counts = [
    countField<LoanPerformanceRow>(c.approved, (row) => row.approved),
    countField<LoanPerformanceRow>(c.pending, (row) => row.pending),
    countField<LoanPerformanceRow>(c.rejected, (row) => row.rejected),
    countField<LoanPerformanceRow>(c.writtenOff, (row) => row.writtenOff),
    countField<LoanPerformanceRow>(c.defaulted, (row) => row.defaulted),
    countField<LoanPerformanceRow>(c.repaid, (row) => row.repaid),
  ];
  return report<LoanPerformanceRow>('loan-performance', 'loan-performance', {
    ...byLender,
    columns: [lenderIdField(), lenderNameField(), ...counts, rate],
    fields: [
      lenderIdField(),
      lenderNameField(),
      countField(c.loans, (row) => row.loans),
      ...counts,
      rate,
      moneyField(c.amountDue, (row) => row.amountDue),
      moneyField(c.amountCollected, (row) => row.amountCollected),
    ],
  });
})();

const loansPerLender = (() => {
  const counts = [
    countField<LoansPerLenderRow>(c.loanCount, (row) => row.loanCount),
    countField<LoansPerLenderRow>(c.writtenOff, (row) => row.writtenOff),
    countField<LoansPerLenderRow>(c.defaulted, (row) => row.defaulted),
  ];
  return report<LoansPerLenderRow>('loans-per-lender', 'loans-per-lender', {
    ...byLender,
    columns: [lenderIdField(), lenderNameField(), ...counts],
    fields: [
      lenderIdField(),
      lenderNameField(),
      ...counts,
      moneyField(c.writtenOffAmount, (row) => row.writtenOffAmount),
      moneyField(c.defaultedAmount, (row) => row.defaultedAmount),
    ],
  });
})();

const revenuePerLender = (() => {
  const revenue = moneyField<RevenuePerLenderRow>(c.revenue, (row) => row.revenue, t.notes.revenue);
  return report<RevenuePerLenderRow>('revenue-per-lender', 'revenue-per-lender', {
    ...byLender,
    columns: [lenderIdField(), lenderNameField(), revenue],
    fields: [
      lenderIdField(),
      lenderNameField(),
      revenue,
      moneyField(c.interest, (row) => row.interest),
      moneyField(c.processingFees, (row) => row.processingFees),
      moneyField(c.fines, (row) => row.fines),
    ],
  });
})();

const userGrowth = (() => {
  const month: ReportField<UserGrowthRow> = {
    label: c.month,
    text: (row) => formatMonth(row.month),
    csv: (row) => row.month,
    size: 120,
  };
  const counts = [
    countField<UserGrowthRow>(c.borrowers, (row) => row.borrowers),
    countField<UserGrowthRow>(c.agents, (row) => row.agents),
    countField<UserGrowthRow>(c.lenders, (row) => row.lenders),
  ];
  const total = countField<UserGrowthRow>(
    c.totalUsers,
    (row) => row.totalUsers,
    t.notes.totalUsers,
  );
  return report<UserGrowthRow>('user-growth', 'user-growth', {
    key: (row) => row.month,
    heading: (row) => formatMonth(row.month),
    titleColumns: 1,
    columns: [month, ...counts, total],
    fields: [month, ...counts, countField(c.newUsers, (row) => row.newUsers), total],
  });
})();

export const reportDefinitions: Record<ReportName, ReportDefinition<unknown>> = {
  'all-lenders': allLenders,
  'borrowers-per-lender': borrowersPerLender,
  'businesses-per-lender': businessesPerLender,
  'agents-per-business': agentsPerBusiness,
  'capital-per-lender': capitalPerLender,
  'lender-activity': lenderActivity,
  'agent-activity': agentActivity,
  'loan-performance': loanPerformance,
  'loans-per-lender': loansPerLender,
  'revenue-per-lender': revenuePerLender,
  'user-growth': userGrowth,
};
