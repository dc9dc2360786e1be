/**
 * One admin report (/dashboard/reports/{name}): 10 rows a page
 * with Prev, "Page X of Y" and Next; a row opens its details with Back. The page and the
 * open row live in the address (?page=2&row=15), so the browser's back button and a
 * shared link work too.
 */
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHead } from '../../../components/page-head';
import type { ReportName } from '../../../lib/paths';
import { reportQuery } from '../api/get-report';
import { ExportCsvButton } from '../components/export-csv-button';
import { BackButton, ReportDetails } from '../components/report-details';
import { ReportPager } from '../components/report-pager';
import { ReportFailure, ReportLoading } from '../components/report-states';
import { ReportTable } from '../components/report-table';
import { reportDefinitions } from '../utils/report-definitions';

/** Report page size. */
const PAGE_SIZE = 10;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

export function ReportPage({ name }: { name: ReportName }) {
  const report = reportDefinitions[name];
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const openRow = params.get('row');
  const query = useQuery(reportQuery(report.apiPath, page, PAGE_SIZE));
  // The last total seen keeps "Page X of Y" steady while the next page loads.
  const [total, setTotal] = useState(0);
  if (query.data && query.data.total !== total) setTotal(query.data.total);
  const pages = Math.max(1, Math.ceil((query.data?.total ?? total) / PAGE_SIZE));

  const at = (next: { page: number; row?: string }) =>
    setParams({
      ...(next.page > 1 ? { page: String(next.page) } : {}),
      ...(next.row ? { row: next.row } : {}),
    });

  const body = query.error ? (
    <ReportFailure
      text={report.failure}
      detail={query.error.message}
      onRetry={() => void query.refetch()}
    />
  ) : !query.data ? (
    <ReportLoading />
  ) : null;

  if (openRow !== null) {
    return (
      <Stack gap="lg">
        <BackButton onBack={() => at({ page })} />
        {body ?? (
          <ReportDetails
            report={report}
            row={query.data?.data.find((row) => report.key(row) === openRow)}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHead
        title={report.title}
        description={report.description}
        action={<ExportCsvButton report={report} />}
      />
      {body ?? (
        <ReportTable
          report={report}
          rows={query.data?.data ?? []}
          onOpen={(row) => at({ page, row: report.key(row) })}
        />
      )}
      <ReportPager
        page={page}
        pages={pages}
        busy={query.isLoading}
        onPage={(next) => at({ page: next })}
      />
    </Stack>
  );
}
