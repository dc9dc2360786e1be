/**
 * Which texts on a Kiswahili screen are the app's, and which of them are English
 * (tests/e2e/swahili-everywhere.test.ts). English: every text
 * of every catalogue in src/i18n, read from their English sides, and the templates among them as
 * patterns ("13 days"). A text is not English when the catalogues keep it the same in both
 * languages (a name, a code, "KES"): its Kiswahili side says so. A text that some catalogue
 * translates is English wherever it shows, even where another catalogue's Kiswahili side still
 * has it in English (that is the mistake this finds).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { englishSides, type CatalogueName } from '../../src/i18n/language';
import { swahili } from '../../src/i18n/sw';

const i18nDir = path.resolve(import.meta.dirname, '../../src/i18n');

/**
 * Modules of src/i18n that are not screen texts: the language machinery, the pairs the server
 * reads both sides of, and the SMS templates (both languages, sent to borrowers' phones).
 */
const notScreenTexts = new Set(['language.ts', 'catalogues.ts', 'sms.ts']);

/** Stand-ins for a template's arguments, found again in what it returns. */
const sentinel = (index: number) => `⟪${index}⟫`;
const sentinels = /⟪\d+⟫/g;

/** What a template returns for stand-in arguments, or null when it needs real ones. */
function templateOf(template: (...args: unknown[]) => unknown): string | null {
  try {
    const text = template(...Array.from({ length: template.length }, (_, i) => sentinel(i)));
    if (typeof text !== 'string' || /undefined|NaN|\[object/.test(text)) return null;
    return text;
  } catch {
    return null;
  }
}

/** What a template returns when every argument is 1 ("1 day"), or null. */
function singularOf(template: (...args: unknown[]) => unknown): string | null {
  try {
    const text = template(...Array.from({ length: template.length }, () => 1));
    return typeof text === 'string' && !/undefined|NaN|\[object/.test(text) ? text : null;
  } catch {
    return null;
  }
}

function patternOf(text: string): RegExp | null {
  const literal = text.replace(sentinels, '');
  // A template of arguments and punctuation ("name · phone") says nothing in any language.
  if (!/[A-Za-z]{2,}/.test(literal)) return null;
  const escaped = text
    .split(sentinels)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?');
  return new RegExp(`^${escaped}$`, 's');
}

type Leaf = string | ((...args: unknown[]) => unknown);

/** Every text and template of a catalogue, with the same place on its other side when it has one. */
function* leaves(en: unknown, sw: unknown): Generator<[Leaf, unknown]> {
  if (typeof en === 'string' || typeof en === 'function') {
    yield [en as Leaf, sw];
    return;
  }
  if (en && typeof en === 'object') {
    for (const [key, value] of Object.entries(en)) {
      yield* leaves(
        value,
        sw && typeof sw === 'object' ? (sw as Record<string, unknown>)[key] : undefined,
      );
    }
  }
}

export type CatalogueTexts = {
  /** Whether a text as shown on screen is one of the English catalogues' texts. */
  isEnglish: (text: string) => boolean;
  /** Whether a text as shown on screen is one of the Kiswahili sides' texts. */
  isKiswahili: (text: string) => boolean;
  /** How many texts and templates it knows (a sanity check). */
  size: number;
};

export async function catalogueTexts(): Promise<CatalogueTexts> {
  // Loading every module makes every catalogue (inLanguage), so englishSides() knows them all.
  const modules = readdirSync(i18nDir).filter(
    (file) => file.endsWith('.ts') && !notScreenTexts.has(file),
  );
  const exported = await Promise.all(
    modules.map((file) => import(path.join(i18nDir, file)) as Promise<Record<string, unknown>>),
  );

  const texts = new Set<string>();
  const templates = new Map<string, RegExp>();
  /** Texts some catalogue keeps the same in Kiswahili, and texts some catalogue translates. */
  const kept = new Set<string>();
  const translated = new Set<string>();
  /** What templates with a Kiswahili side return; those the same in both are no English. */
  const pairedTemplates = new Set<string>();

  function add(en: Leaf, sw: unknown) {
    if (typeof en === 'string') {
      texts.add(en);
      if (typeof sw === 'string') (sw === en ? kept : translated).add(en);
      return;
    }
    const swTemplate = typeof sw === 'function' ? (sw as Leaf & object) : null;
    const singular = singularOf(en);
    if (singular !== null && /[A-Za-z]{2,}/.test(singular)) {
      add(singular, swTemplate ? singularOf(swTemplate) : undefined);
    }
    const template = templateOf(en);
    if (template === null) return;
    if (swTemplate) pairedTemplates.add(template);
    else if (pairedTemplates.has(template)) return;
    const pattern = patternOf(template);
    if (pattern && template !== (swTemplate && templateOf(swTemplate))) {
      templates.set(template, pattern);
    }
  }

  for (const [name, en] of englishSides()) {
    for (const [leaf, sw] of leaves(en, swahili[name as CatalogueName])) add(leaf, sw);
  }
  // The catalogues made without a Kiswahili side (the lender and admin consoles).
  for (const module of exported) {
    for (const value of Object.values(module)) {
      for (const [leaf] of leaves(value, undefined)) add(leaf, undefined);
    }
  }

  const swahiliTexts = new Set<string>();
  const swahiliPatterns: RegExp[] = [];
  for (const side of Object.values(swahili)) {
    for (const [leaf] of leaves(side, undefined)) {
      if (typeof leaf === 'string') swahiliTexts.add(leaf);
      const template = typeof leaf === 'function' ? templateOf(leaf) : null;
      const pattern = template === null ? null : patternOf(template);
      if (pattern) swahiliPatterns.push(pattern);
    }
  }

  const sameInBothLanguages = (text: string) => kept.has(text) && !translated.has(text);
  const patterns = [...templates.values()];
  return {
    isKiswahili: (text) =>
      swahiliTexts.has(text) || swahiliPatterns.some((pattern) => pattern.test(text)),
    isEnglish: (text) =>
      (texts.has(text) && !sameInBothLanguages(text)) ||
      (!sameInBothLanguages(text) && patterns.some((pattern) => pattern.test(text))),
    size: texts.size + patterns.length,
  };
}
