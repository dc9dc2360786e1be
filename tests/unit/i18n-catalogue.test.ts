/**
 * Every catalogue in src/i18n speaks English and Kiswahili (issue 17 item 6): a key missing on
 * either side, a text left empty or a template that is a function on one side only fails here.
 * The types already refuse most of it; this also catches what a cast or a `Record<string, …>`
 * lets through.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage, inLanguage } from '../../src/i18n/language';
import { storageKeys } from '../../src/lib/storage-keys';
import { smsText } from '../../src/i18n/sms';

type Pair = { en: unknown; sw: unknown };

/** Where the two sides differ in shape, as paths ("links.home: missing in sw"). */
function differences(en: unknown, sw: unknown, path = ''): string[] {
  const at = path || '(root)';
  if (typeof en === 'function' || typeof sw === 'function') {
    if (typeof en !== 'function' || typeof sw !== 'function')
      return [`${at}: function on one side only`];
    return en.length === sw.length
      ? []
      : [`${at}: takes ${en.length} arguments in en, ${sw.length} in sw`];
  }
  if (typeof en === 'string' || typeof sw === 'string') {
    if (typeof en !== 'string' || typeof sw !== 'string') return [`${at}: text on one side only`];
    return en.trim() && sw.trim() ? [] : [`${at}: empty text`];
  }
  if (en && sw && typeof en === 'object' && typeof sw === 'object') {
    const keys = new Set([...Object.keys(en), ...Object.keys(sw)]);
    return [...keys].flatMap((key) => {
      const inner = path ? `${path}.${key}` : key;
      if (!(key in en)) return [`${inner}: missing in en`];
      if (!(key in sw)) return [`${inner}: missing in sw`];
      return differences(
        (en as Record<string, unknown>)[key],
        (sw as Record<string, unknown>)[key],
        inner,
      );
    });
  }
  return typeof en === typeof sw ? [] : [`${at}: ${typeof en} in en, ${typeof sw} in sw`];
}

const modules = import.meta.glob<Record<string, unknown>>('../../src/i18n/*.ts', { eager: true });

/** Every `xCatalogue` export of every i18n module, and the SMS templates. */
const catalogues: [string, Pair][] = [
  ...Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([name]) => name.endsWith('Catalogue'))
      .map(([name, pair]): [string, Pair] => [`${file.split('/').pop()} ${name}`, pair as Pair]),
  ),
  ['sms.ts smsText', smsText],
];

/** The catalogues of the agent's screens; dropping one of them from the pairs fails. */
const agentCatalogues = [
  'commonCatalogue',
  'errorCatalogue',
  'pwaCatalogue',
  'businessesCatalogue',
  'shellCatalogue',
  'offlineCatalogue',
  'borrowersCatalogue',
  'authCatalogue',
  'dashboardsCatalogue',
  'fieldWorkCatalogue',
  'followUpsCatalogue',
  'loanFilesCatalogue',
  'inputCatalogue',
  'loansCatalogue',
  'statementCatalogue',
  'agentsCatalogue',
  'messagesCatalogue',
  'setupCatalogue',
];

describe('the i18n catalogues', () => {
  it('include every catalogue of the agent screens', () => {
    const names = catalogues.map(([name]) => name.split(' ')[1]);
    expect(names).toEqual(expect.arrayContaining(agentCatalogues));
  });

  it.each(catalogues)('%s has the same keys, all filled, in en and sw', (_name, pair) => {
    expect(differences(pair.en, pair.sw)).toEqual([]);
  });

  it('tell a key missing in either language, an empty text and a lone function', () => {
    expect(differences({ a: 'A', b: { c: 'C' } }, { a: 'A' })).toEqual(['b: missing in sw']);
    expect(differences({ a: 'A' }, { a: 'A', extra: 'X' })).toEqual(['extra: missing in en']);
    expect(differences({ a: { b: 'B' } }, { a: { b: ' ' } })).toEqual(['a.b: empty text']);
    expect(differences({ f: (n: number) => `${n}` }, { f: 'n' })).toEqual([
      'f: function on one side only',
    ]);
  });
});

describe('the language of the phone', () => {
  afterEach(() => {
    localStorage.removeItem(storageKeys.language);
    vi.resetModules();
  });

  it('is English until Kiswahili is stored, and inLanguage picks by it', () => {
    const pair = { en: { hello: 'Hello' }, sw: { hello: 'Habari' } };
    expect(appLanguage()).toBe('en');
    expect(inLanguage(pair).hello).toBe('Hello');
    localStorage.setItem(storageKeys.language, 'sw');
    expect(appLanguage()).toBe('sw');
    expect(inLanguage(pair).hello).toBe('Habari');
    localStorage.setItem(storageKeys.language, 'fr');
    expect(inLanguage(pair).hello).toBe('Hello');
  });

  it('picks each catalogue when its module loads, and sets the page language', async () => {
    localStorage.setItem(storageKeys.language, 'sw');
    vi.resetModules();
    const { shellText } = await import('../../src/i18n/shell');
    expect(shellText.logOut).toBe('Toka');
    expect(document.documentElement.lang).toBe('sw');
    localStorage.removeItem(storageKeys.language);
    vi.resetModules();
    const english = await import('../../src/i18n/shell');
    expect(english.shellText.logOut).toBe('Log out');
    expect(document.documentElement.lang).toBe('en');
  });
});
