/**
 * File and storage sizes on screen: a chosen document, a loan file, the phone's storage
 * (upload limits are given in MB). Written without Intl, as format.ts writes amounts: the
 * dashboard's Ready offline card shows the phone's storage as it opens.
 */
import { intlLocale } from '../i18n/language';
import { decimalText } from './format';

let megabyteFormat: Intl.NumberFormat | undefined;

/** The number of megabytes, one decimal at most: "5", "3.4", "1,024.5". */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  const text = decimalText(Math.abs(value), 1);
  if (text === null) {
    // Under a millionth of a megabyte, or beyond any disk (String() writes an exponent).
    if (Math.abs(value) < 1) return '0';
    megabyteFormat ??= new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });
    return megabyteFormat.format(value);
  }
  const sign = value < 0 ? '-' : '';
  return `${sign}${text.replace(/\.0$/, '')}`;
}

/** "820 B", "820 KB", "3.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${megabytes(bytes)} MB`;
}
