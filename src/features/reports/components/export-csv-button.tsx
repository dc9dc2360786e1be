/**
 * Exports a whole report as CSV (an addition of ours; admins expect it): every page is
 * fetched a hundred rows at a time, then every field of each row is written.
 */
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { reportsText as t } from '../../../i18n/reports';
import { notifyFailure } from '../../../lib/failure';
import { clearFailureToast } from '../../../lib/notify';
import { useExportWholeReport } from '../api/get-report';
import { toCsv } from '../../../domain/csv';
import { downloadCsv } from '../utils/csv';
import type { ReportDefinition } from '../utils/report-definitions';

export function ExportCsvButton({ report }: { report: ReportDefinition<unknown> }) {
  const save = (rows: unknown[]) => {
    const csv = toCsv(
      report.fields.map((field) => field.label),
      rows.map((row) => report.fields.map((field) => field.csv(row))),
    );
    const day = new Date().toISOString().slice(0, 10);
    downloadCsv(`mkopo-${report.name}-${day}.csv`, csv);
  };
  const exportReport = useExportWholeReport(report.apiPath, save, {
    onSuccess: () => clearFailureToast(),
    onError: (error) => notifyFailure(t.exportFailed, error),
  });
  const busy = exportReport.isPending;

  return (
    <Button
      variant="default"
      size="md"
      leftSection={<IconDownload size={18} aria-hidden />}
      disabled={busy}
      onClick={() => exportReport.mutate()}
    >
      {busy ? t.exporting : t.exportCsv}
    </Button>
  );
}
