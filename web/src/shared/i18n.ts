/**
 * Languages of the web pages: Russian by default, Kazakh and English on a
 * switch. Each page defines its own dictionary with defineMessages (Russian
 * names the keys; Kazakh and English must give every key, the compiler
 * checks); the chosen language is shared by all pages through localStorage.
 */
import { useEffect, useState } from 'preact/hooks';

export type Lang = 'ru' | 'kk' | 'en';
export const LANGS: readonly Lang[] = ['ru', 'kk', 'en'];
export const LANG_LABELS: Record<Lang, string> = { ru: 'Рус', kk: 'Қаз', en: 'Eng' };
/** BCP 47 locales for Intl formatting. */
export const LOCALES: Record<Lang, string> = { ru: 'ru-RU', kk: 'kk-KZ', en: 'en-GB' };

const STORAGE_KEY = 'lang';
const listeners = new Set<(lang: Lang) => void>();

function stored(): Lang | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return LANGS.includes(value as Lang) ? (value as Lang) : null;
  } catch {
    return null;
  }
}

let current: Lang = stored() ?? 'ru';

export const getLang = (): Lang => current;

export function setLang(lang: Lang): void {
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // storage may be unavailable (private mode, Telegram clearing it): the choice lasts for this page only
  }
  document.documentElement.lang = lang;
  for (const listener of listeners) listener(lang);
}

/** The current language, re-rendering the component when it changes. */
export function useLang(): Lang {
  const [lang, update] = useState(current);
  useEffect(() => {
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return lang;
}

export type Params = Record<string, string | number>;
export type Translate<K extends string> = (key: K, params?: Params) => string;
export interface Messages<K extends string> {
  ru: Record<K, string>;
  kk: Record<K, string>;
  en: Record<K, string>;
}

/** `{name}` placeholders are filled from params. */
export function defineMessages<K extends string>(messages: Messages<K>): (lang: Lang) => Translate<K> {
  return (lang) => (key, params) => {
    const text = messages[lang][key] ?? messages.ru[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
  };
}

/** A page's translate function for the current language. */
export function useT<K extends string>(dictionary: (lang: Lang) => Translate<K>): Translate<K> {
  return dictionary(useLang());
}

const NARROW_NBSP = '\u202f';

/** 1500 → "1 500 ₸" (narrow no-break spaces between groups, a no-break space before the sign). */
export function formatPrice(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  const [whole, fraction] = Math.abs(rounded)
    .toFixed(Number.isInteger(rounded) ? 0 : 2)
    .split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NBSP);
  return `${rounded < 0 ? '−' : ''}${grouped}${fraction ? `,${fraction}` : ''}\u00a0₸`;
}

const KK_MONTHS = ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'];
const KK_DAYS = ['жексенбі', 'дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі'];
const KK_DAYS_SHORT = ['жс', 'дс', 'сс', 'ср', 'бс', 'жм', 'сб'];

/** Browsers' ICU often lacks Kazakh (Chromium shows "M11", "Wed"): the few words a date needs are here. */
function formatKazakh(day: Date, options: Intl.DateTimeFormatOptions): string {
  const parts: string[] = [];
  const weekday = options.weekday === 'long' ? KK_DAYS[day.getUTCDay()] : options.weekday ? KK_DAYS_SHORT[day.getUTCDay()] : '';
  const month = KK_MONTHS[day.getUTCMonth()]!;
  const monthText = options.month === 'long' ? month : options.month ? month.slice(0, 3) : '';
  const dayMonth = [options.day ? String(day.getUTCDate()) : '', monthText].filter(Boolean).join(' ');
  if (weekday) parts.push(weekday);
  if (dayMonth) parts.push(dayMonth);
  return parts.join(', ');
}

/** A naive YYYY-MM-DD date in words, e.g. "понедельник, 23 ноября". */
export function formatDate(
  date: string,
  lang: Lang,
  options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' },
): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (lang === 'kk') return formatKazakh(day, options);
  return new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'UTC' }).format(day);
}

const durationWords = defineMessages({
  ru: { h: 'ч', min: 'мин' },
  kk: { h: 'сағ', min: 'мин' },
  en: { h: 'h', min: 'min' },
});

/** 90 → "1 ч 30 мин". */
export function formatDuration(minutes: number, lang: Lang): string {
  const t = durationWords(lang);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours}\u00a0${t('h')}` : '', rest ? `${rest}\u00a0${t('min')}` : ''].filter(Boolean).join(' ');
}
