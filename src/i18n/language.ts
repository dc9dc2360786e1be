/**
 * The language of the agent's screens (issue 17 item 6), kept on the phone. Every catalogue in
 * src/i18n picks its side once, when its module loads (`inLanguage`); switching stores the choice
 * and reloads the page so each catalogue is picked again and every call site (`borrowersText.x`)
 * stays as it is. Only localStorage and a reload: it works offline, and it stays tiny because
 * the landing page loads it. Where there is no localStorage (the server, the service worker),
 * the language is English.
 */
import { languages, type Language } from '../domain/languages';
import { storageKeys } from '../lib/storage-keys';

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

/** Stores the language and reloads the page, so every catalogue is picked again in it. */
export function setAppLanguage(language: Language): void {
  browser.localStorage?.setItem(storageKeys.language, language);
  browser.location?.reload?.();
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

/** The side of a catalogue in the phone's language. */
export function inLanguage<T>(catalogue: { en: T; sw: Catalogue<T> }): Catalogue<T> {
  return appLanguage() === 'sw' ? catalogue.sw : (catalogue.en as Catalogue<T>);
}

if (browser.document) browser.document.documentElement.lang = appLanguage();
