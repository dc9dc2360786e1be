/**
 * Every catalogue in src/i18n speaks English and Kiswahili (the README's "Working offline
 * (agents)"): a key missing on either side, a text left empty or a template that is a function on
 * one side only fails here. The English sides are in src/i18n/<x>.ts, the Kiswahili ones in
 * src/i18n/sw/<x>.ts (a chunk of their own, loaded only for a phone set to Kiswahili). The types
 * already refuse most of it; this also catches what a cast or a `Record<string, …>` lets through.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLanguage, englishSides, type CatalogueName } from '../../src/i18n/language';
import { swahili } from '../../src/i18n/sw';
import { borrowersCatalogue } from '../../src/i18n/catalogues';
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

// Loading every i18n module makes every catalogue (inLanguage), so englishSides() knows them all.
import.meta.glob('../../src/i18n/*.ts', { eager: true });
const english = englishSides();
const names = [...new Set([...english.keys(), ...(Object.keys(swahili) as CatalogueName[])])];

/** Every catalogue's two sides (a side missing is undefined), the server's pair and the SMS templates. */
const catalogues: [string, Pair][] = [
  ...names.map((name): [string, Pair] => [name, { en: english.get(name), sw: swahili[name] }]),
  ['catalogues.ts borrowersCatalogue', borrowersCatalogue],
  ['sms.ts smsText', smsText],
];

/** The catalogues of the agent's screens; dropping one of them from the pairs fails. */
const agentCatalogues: CatalogueName[] = [
  'common',
  'error',
  'pwa',
  'businesses',
  'shell',
  'offline',
  'ownFigures',
  'borrowers',
  'auth',
  'dashboards',
  'documentInput',
  'fieldWork',
  'followUps',
  'loanFiles',
  'input',
  'loans',
  'statement',
  'agents',
  'messages',
  'setup',
];

describe('the i18n catalogues', () => {
  it('include every catalogue of the agent screens', () => {
    expect([...english.keys()]).toEqual(expect.arrayContaining(agentCatalogues));
    expect(Object.keys(swahili)).toEqual(expect.arrayContaining(agentCatalogues));
  });

  it.each(catalogues)('%s has the same keys, all filled, in en and sw', (_name, pair) => {
    expect(pair.en, 'its English side').toBeDefined();
    expect(pair.sw, 'its Kiswahili side').toBeDefined();
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

  it('is English until Kiswahili is stored', () => {
    expect(appLanguage()).toBe('en');
    localStorage.setItem(storageKeys.language, 'sw');
    expect(appLanguage()).toBe('sw');
    localStorage.setItem(storageKeys.language, 'fr');
    expect(appLanguage()).toBe('en');
  });

  it('reads English until the Kiswahili sides are in, then Kiswahili, in catalogues made before and after', async () => {
    localStorage.setItem(storageKeys.language, 'sw');
    vi.resetModules();
    const language = await import('../../src/i18n/language');
    const { shellText } = await import('../../src/i18n/shell');
    expect(document.documentElement.lang).toBe('sw');
    // What src/main.tsx does before the first render on a Kiswahili phone.
    expect(shellText.logOut).toBe('Log out');
    language.applyKiswahili((await import('../../src/i18n/sw')).swahili);
    expect(shellText.logOut).toBe('Toka');
    const { commonText } = await import('../../src/i18n/common');
    expect(commonText.cancel).toBe('Ghairi');
    localStorage.removeItem(storageKeys.language);
    vi.resetModules();
    const english = await import('../../src/i18n/shell');
    expect(english.shellText.logOut).toBe('Log out');
    expect(document.documentElement.lang).toBe('en');
  });
});
