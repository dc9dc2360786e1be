/**
 * A table as CSV (RFC 4180): a header line, then one line per row, CRLF line ends; fields
 * with commas, quotes or line breaks are quoted. Text that a spreadsheet would run as a
 * formula (starting with = + - @) is prefixed with an apostrophe. The reports' exports (in
 * the browser) and the server's exports write the same.
 */
export type CsvValue = string | number | null;

function field(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], lines: CsvValue[][]): string {
  return [header, ...lines].map((line) => line.map(field).join(',')).join('\r\n') + '\r\n';
}
