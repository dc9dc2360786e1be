/**
 * File and storage sizes on screen: a chosen document, a loan file, the phone's storage
 * (upload limits are given in MB). Its own module,
 * so only the screens that show a size load it.
 */
import { intlLocale } from '../i18n/language';

const megabyteFormat = new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });

/** The number of megabytes, one decimal at most: "5", "3.4", "1,024.5". */
export function megabytes(bytes: number): string {
  return megabyteFormat.format(bytes / (1024 * 1024));
}

/** "820 B", "820 KB", "3.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${megabytes(bytes)} MB`;
}
