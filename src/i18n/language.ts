/**
 * The language of the agent's screens (the README's "Working offline (agents)"), kept on the phone.
 * Each catalogue in src/i18n holds its English side; the Kiswahili sides are one chunk of their own
 * (./sw), which src/main.tsx loads before the first render only when the phone is set to Kiswahili,
 * so an English phone never downloads them (the README's "Performance"). Every call site
 * (`borrowersText.x`) reads the object `inLanguage` returned, and `applyKiswahili` writes the
 * Kiswahili texts into it. Switching stores the choice and reloads the page. Only localStorage and
 * a reload: it works offline, and it stays tiny because the landing page loads it. Where there is
 * no localStorage (the server, the service worker), the language is English.
 */
import { languages, type Language } from '../domain/languages';
import { storageKeys } from '../lib/storage-keys';
import type { swahili } from './sw';

/** The browser globals used here, typed so the server (no DOM types) compiles this module too. */
const browser = globalThis as {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  location?: { reload?: () => void };
  document?: { documentElement: { lang: string } };
};

/** The language stored on this phone, English when none (or storage is unavailable). */
export function appLanguage(): Language {
  try {
    const stored = browser.localStorage?.getItem(storageKeys.language);
    return languages.find((language) => language === stored) ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * The language as Intl names it, for numbers and dates: Kenyan English or Kenyan Kiswahili.
 * Their numbers read alike (1,234.50); their dates differ in the names of months and days.
 */
export function intlLocale(language: Language = appLanguage()): 'en-KE' | 'sw-KE' {
  return language === 'sw' ? 'sw-KE' : 'en-KE';
}

/** Stores the language and reloads the page, so every catalogue is picked again in it. */
export function setAppLanguage(language: Language): void {
  browser.localStorage?.setItem(storageKeys.language, language);
  browser.location?.reload?.();
}

/** The language the switch offers: the one not in use. */
export function otherLanguage(): Language {
  return appLanguage() === 'sw' ? 'en' : 'sw';
}

/** The switch's action (the agent's sign-in screen and menu): the other language, reloaded. */
export function switchLanguage(): void {
  setAppLanguage(otherLanguage());
}

/**
 * What a Swahili side must match: the English catalogue's shape with its literal texts widened
 * to `string`, so a key missing on either side fails to compile while the words may differ.
 */
export type Catalogue<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Catalogue<R>
    : T extends unknown[]
      ? Catalogue<T[number]>[]
      : T extends readonly unknown[]
        ? readonly Catalogue<T[number]>[]
        : { readonly [K in keyof T]: Catalogue<T[K]> };

/** The Kiswahili sides, by catalogue (./sw/index.ts). */
export type KiswahiliSides = typeof swahili;
/** A catalogue's name: the key of its Kiswahili side. */
export type CatalogueName = keyof KiswahiliSides;

/** Every catalogue made so far: the object its call sites read, and its English side. */
const catalogues = new Map<CatalogueName, { texts: object; en: object }>();
let kiswahili: KiswahiliSides | null = null;

/**
 * The texts of catalogue `name` whose English side is `en`: read on access (`shellText.logOut`),
 * so a module that loads before the Kiswahili sides still reads them once they are in. What a
 * module copies out of it while it loads stays English until then; src/main.tsx renders nothing
 * before they are in.
 */
export function inLanguage<T extends object>(name: CatalogueName, en: T): Catalogue<T> {
  const texts = { ...en };
  catalogues.set(name, { texts, en });
  if (kiswahili) Object.assign(texts, kiswahili[name]);
  return texts as unknown as Catalogue<T>;
}

/** Puts the Kiswahili sides in every catalogue, made already or to come. */
export function applyKiswahili(sides: KiswahiliSides): void {
  kiswahili = sides;
  for (const [name, { texts }] of catalogues) Object.assign(texts, sides[name]);
}

/** The English side of every catalogue made so far, by name (the i18n unit test). */
export function englishSides(): Map<CatalogueName, object> {
  return new Map([...catalogues].map(([name, { en }]) => [name, en]));
}

if (browser.document) browser.document.documentElement.lang = appLanguage();
