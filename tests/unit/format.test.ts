import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  borrowerStatusLabel,
  capitalizeWords,
  formatCount,
  formatDate,
  formatDateTime,
  formatKes,
  formatKsh,
  formatPercent,
  loanStatusLabel,
  orNA,
} from '../../src/lib/format';
import { formatFileSize, megabytes } from '../../src/lib/file-size';
import { initials, personName } from '../../src/lib/names';
import { localKenyanPhone } from '../../src/domain/phone';
import { storageKeys } from '../../src/lib/storage-keys';

describe('formatKes', () => {
  it('shows KES with two decimals and grouped thousands', () => {
    expect(formatKes(1234.5)).toBe('KES 1,234.50');
    expect(formatKes(0)).toBe('KES 0.00');
    expect(formatKes(1234567)).toBe('KES 1,234,567.00');
  });

  it('accepts numeric strings and signs debits', () => {
    expect(formatKes('2500.75')).toBe('KES 2,500.75');
    expect(formatKes(-300)).toBe('-KES 300.00');
  });

  it('says N/A for a missing or non-numeric amount', () => {
    expect(formatKes(null)).toBe('N/A');
    expect(formatKes(undefined)).toBe('N/A');
    expect(formatKes('abc')).toBe('N/A');
    expect(formatKes('')).toBe('N/A');
  });
});

describe('formatKsh', () => {
  it('uses the Ksh prefix of loan tables', () => {
    expect(formatKsh(1234.5)).toBe('Ksh 1,234.50');
    expect(formatKsh('10000')).toBe('Ksh 10,000.00');
  });
});

describe('formatCount', () => {
  it('groups thousands and treats missing as 0', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(undefined)).toBe('0');
  });
});

describe('formatPercent', () => {
  it('divides by 100 and keeps 2 to 4 decimals', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(1.23456)).toBe('1.2346%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(null)).toBe('N/A');
  });
});

describe('formatDate', () => {
  it('shows short month, day and year', () => {
    expect(formatDate(new Date(2026, 10, 22, 9, 30))).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
  });

  it('says N/A when missing or invalid', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('shows day, short month, year, hour and minute, in Kenyan time wherever the device is', () => {
    const text = formatDateTime(new Date('2026-11-22T11:05:00Z'));
    expect(text).toMatch(/^22 Nov 2026/);
    expect(text).toMatch(/(14|2):05/);
    // 22:30 UTC is already the next day in Nairobi.
    expect(formatDate(new Date('2026-11-23T22:30:00Z'))).toBe('Nov 24, 2026');
  });

  it('says N/A when missing or invalid', () => {
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('nope')).toBe('N/A');
  });
});

describe('capitalizeWords', () => {
  it('capitalises each word of a status name', () => {
    expect(capitalizeWords('written_off')).toBe('Written Off');
    expect(capitalizeWords('active')).toBe('Active');
    expect(capitalizeWords('mpesa deposit')).toBe('Mpesa Deposit');
    expect(capitalizeWords('')).toBe('');
    expect(capitalizeWords(null)).toBe('');
  });
});

describe('orNA', () => {
  it('answers N/A for missing or blank values', () => {
    expect(orNA(null)).toBe('N/A');
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA('Nairobi')).toBe('Nairobi');
    expect(orNA(0)).toBe('0');
  });
});

describe('sizes', () => {
  it('counts megabytes with one decimal at most, and a file in B, KB or MB', () => {
    expect(megabytes(5 * 1024 * 1024)).toBe('5');
    expect(megabytes(3.44 * 1024 * 1024)).toBe('3.4');
    expect(megabytes(1024.5 * 1024 * 1024)).toBe('1,024.5');
    expect(formatFileSize(820)).toBe('820 B');
    expect(formatFileSize(820 * 1024)).toBe('820 KB');
    expect(formatFileSize(6 * 1024 * 1024)).toBe('6 MB');
  });
});

describe('names and phones', () => {
  it('names a person by the parts that are known, and their initials', () => {
    expect(personName({ firstName: 'Jane', lastName: 'Doe' })).toBe('Jane Doe');
    expect(personName({ firstName: 'Jane', lastName: null })).toBe('Jane');
    expect(initials({ firstName: 'jane', lastName: 'doe' })).toBe('JD');
    expect(initials({ firstName: null, lastName: null, email: 'lender@example.com' })).toBe('L');
    expect(initials({})).toBe('?');
  });

  it('writes a stored phone number the way it is typed', () => {
    expect(localKenyanPhone('254712345678')).toBe('0712345678');
    expect(localKenyanPhone('0712345678')).toBe('0712345678');
    expect(localKenyanPhone(null)).toBe('');
  });
});

describe('loanStatusLabel', () => {
  it('writes every loan status as the screens show it, N/A when missing', () => {
    expect(loanStatusLabel('written_off')).toBe('Written Off');
    expect(loanStatusLabel('pending')).toBe('Pending');
    expect(loanStatusLabel('some_new')).toBe('Some New');
    expect(loanStatusLabel(null)).toBe('N/A');
  });

  it("writes a borrower's status, and one still in the outbox as Sending", () => {
    expect(borrowerStatusLabel('flagged')).toBe('Flagged');
    expect(borrowerStatusLabel('sending')).toBe('Sending');
    expect(borrowerStatusLabel('on_hold')).toBe('On Hold');
  });
});

describe('on a phone set to Kiswahili', () => {
  afterEach(() => {
    localStorage.removeItem(storageKeys.language);
    vi.resetModules();
  });

  /** The formatters as a Kiswahili phone loads them, after src/main.tsx put in the Kiswahili texts. */
  async function inKiswahili() {
    localStorage.setItem(storageKeys.language, 'sw');
    vi.resetModules();
    const language = await import('../../src/i18n/language');
    language.applyKiswahili((await import('../../src/i18n/sw')).swahili);
    return {
      ...(await import('../../src/lib/format')),
      ...(await import('../../src/lib/file-size')),
    };
  }

  it('writes amounts, counts, percentages and sizes as Kenyan English does: KES, 2 decimals', async () => {
    const sw = await inKiswahili();
    expect(sw.formatKes(1234567.5)).toBe('KES 1,234,567.50');
    expect(sw.formatKes(-300)).toBe('-KES 300.00');
    expect(sw.formatKsh('10000')).toBe('Ksh 10,000.00');
    expect(sw.formatCount(12345)).toBe('12,345');
    expect(sw.formatPercent(1.23456)).toBe('1.2346%');
    expect(sw.megabytes(1024.5 * 1024 * 1024)).toBe('1,024.5');
  });

  it('puts the day first and names months in Kiswahili, in Kenyan time', async () => {
    const sw = await inKiswahili();
    expect(sw.formatDate(new Date(2026, 7, 22, 9, 30))).toBe('22 Ago 2026');
    expect(sw.formatDate('1990-12-03')).toBe('3 Des 1990');
    const text = sw.formatDateTime(new Date('2026-10-22T11:05:00Z'));
    expect(text).toMatch(/^22 Okt 2026/);
    expect(text).toMatch(/14:05/);
    expect(sw.formatDate(new Date('2026-03-23T22:30:00Z'))).toBe('24 Mac 2026');
  });

  it('writes loan and borrower statuses and a missing value in Kiswahili', async () => {
    const sw = await inKiswahili();
    expect(sw.loanStatusLabel('pending')).toBe('Inasubiri');
    expect(sw.loanStatusLabel('written_off')).toBe('Imefutiliwa mbali');
    expect(sw.borrowerStatusLabel('suspended')).toBe('Amesimamishwa');
    expect(sw.formatDate(null)).toBe('Haipo');
    expect(sw.formatKes(undefined)).toBe('Haipo');
  });
});

/**
 * Amounts, counts, sizes and dates are written without Intl (its first formatter costs a
 * phone's page about 200 ms): they must read exactly as Intl writes them, in both languages.
 */
describe('written exactly as Intl writes them', () => {
  afterEach(() => {
    localStorage.removeItem(storageKeys.language);
    vi.resetModules();
  });

  async function formattersIn(language: 'en' | 'sw') {
    localStorage.setItem(storageKeys.language, language);
    vi.resetModules();
    return {
      ...(await import('../../src/lib/format')),
      ...(await import('../../src/lib/file-size')),
    };
  }

  // Seeded, so a failure names values that fail again.
  function numbers(count: number, seed = 7): number[] {
    let state = seed;
    const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const values = [
      0, -0, 0.5, 1.005, 1.015, 0.285, 2.675, 1.115, 8.345, 10.005, 0.125, 0.995, 999.995,
      999_999.995, 1e-7, 123.456, 1e15, 12_345_678_901.23, 9_007_199_254_740_991, 1e21, 0.05,
    ];
    for (let i = 0; i < count; i++) {
      const magnitude = 10 ** Math.floor(next() * 12);
      const decimals = Math.floor(next() * 4);
      values.push(Number((next() * magnitude).toFixed(decimals)));
      values.push(next() * magnitude);
    }
    return [...values, ...values.map((value) => -value)];
  }

  for (const language of ['en', 'sw'] as const) {
    const locale = language === 'sw' ? 'sw-KE' : 'en-KE';

    it(`amounts, counts and megabytes (${locale})`, async () => {
      const f = await formattersIn(language);
      const money = new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
      for (const n of numbers(3000)) {
        const sign = n < 0 ? '-' : '';
        expect(f.formatKes(n), String(n)).toBe(`${sign}KES ${money.format(Math.abs(n))}`);
        expect(f.formatKsh(String(n)), String(n)).toBe(`${sign}Ksh ${money.format(Math.abs(n))}`);
        expect(f.formatCount(n), String(n)).toBe(count.format(n));
        if (n > 0 || Object.is(n, 0))
          expect(f.megabytes(n * 1024 * 1024), String(n)).toBe(oneDecimal.format(n));
      }
    });

    it(`dates and times in Nairobi (${locale})`, async () => {
      const f = await formattersIn(language);
      const timeZone = 'Africa/Nairobi';
      const date = new Intl.DateTimeFormat(language === 'sw' ? locale : 'en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone,
      });
      const dateTime = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
      });
      const moments = [
        Date.UTC(1942, 6, 31, 20, 59),
        Date.UTC(1942, 6, 31, 21, 0),
        Date.UTC(1900, 0, 1),
        Date.UTC(2026, 11, 31, 21, 0),
        Date.UTC(2026, 11, 31, 20, 59, 59),
        Date.UTC(2028, 1, 28, 21, 30),
        Date.UTC(9999, 11, 31, 20, 59),
        Date.UTC(9999, 11, 31, 21, 0),
      ];
      for (let t = Date.UTC(1960, 0, 1); t < Date.UTC(2100, 0, 1); t += 7_654_321_987) {
        moments.push(t);
      }
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_456_789) {
        moments.push(t);
      }
      for (const moment of moments) {
        const at = new Date(moment);
        expect(f.formatDate(at), at.toISOString()).toBe(date.format(at));
        expect(f.formatDateTime(at), at.toISOString()).toBe(dateTime.format(at));
      }
    });
  }
});

describe('what an agent’s first screen formats', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('loads and writes amounts, counts, sizes and dates without making an Intl formatter', async () => {
    const made: string[] = [];
    for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator'] as const) {
      const Original = Intl[name];
      vi.spyOn(Intl, name).mockImplementation(((...args: never[]) => {
        made.push(name);
        return new (Original as unknown as new (...a: never[]) => object)(...args);
      }) as never);
    }
    vi.resetModules();
    const f = {
      ...(await import('../../src/lib/format')),
      ...(await import('../../src/lib/file-size')),
    };
    expect(f.formatKes(1234.5)).toBe('KES 1,234.50');
    expect(f.formatKsh('-20')).toBe('-Ksh 20.00');
    expect(f.formatCount(12345)).toBe('12,345');
    expect(f.formatFileSize(3.44 * 1024 * 1024)).toBe('3.4 MB');
    expect(f.formatDate('2026-09-05')).toBe('Sep 5, 2026');
    expect(f.formatDateTime(new Date('2026-09-05T06:07:00Z'))).toBe('5 Sept 2026, 09:07');
    expect(made).toEqual([]);
  });
});
