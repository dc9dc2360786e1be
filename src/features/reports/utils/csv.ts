/** Offering a report's CSV (src/domain/csv.ts writes it) as a file download. */
import { saveFile } from '../../../api/download';

/** Offers the text as a file download. */
export function downloadCsv(fileName: string, csv: string) {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
