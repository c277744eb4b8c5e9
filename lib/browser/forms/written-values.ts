// Dates, times and numbers as people write them, turned into the value format of the input that
// takes them (<input type=date> wants 2012-09-10 and stays empty given 09/10/2012). Pure: the
// page's language comes in as a BCP 47 tag and decides only what the text itself cannot.

/** The input types whose value has a format of its own. */
export type FormattedKind = 'date' | 'time' | 'datetime-local' | 'month' | 'week' | 'number' | 'range';

/** The converted value, or what the field wants (for the message) when the text cannot be read. */
export type Converted = { value: string } | { wants: string };

/** Which number comes first in an all-numeric date such as 09/10/2012. */
export type DateOrder = 'mdy' | 'dmy';

interface Ymd {
  y: number;
  m: number;
  d: number;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAY = /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\b\.?,?/g;
/** Regions that write the month first (United States and places that follow its usage). */
const MONTH_FIRST = new Set(['us', 'ph', 'ca', 'fm', 'mh', 'pw', 'as', 'gu', 'mp', 'pr', 'um', 'vi']);
/** Languages that write a decimal point; the others write a decimal comma. */
const DECIMAL_POINT = new Set(['en', 'zh', 'ja', 'ko', 'he', 'th', 'hi', 'ms', 'tl', 'fil', 'ga', 'mt', 'sw', 'ur', 'bn', 'ta', 'te', 'my']);

/** True for a kind whose value this module converts. */
export function isFormattedKind(kind: string): kind is FormattedKind {
  return ['date', 'time', 'datetime-local', 'month', 'week', 'number', 'range'].includes(kind);
}

const languageOf = (lang: string): string => lang.trim().toLowerCase().split(/[-_]/)[0] ?? '';
const regionOf = (lang: string): string => lang.trim().toLowerCase().split(/[-_]/).slice(1).find((part) => /^[a-z]{2}$|^\d{3}$/.test(part)) ?? '';

/** The order of an all-numeric date for a language tag: month first in American usage (and with no language at all), else day first. */
export function dateOrder(lang: string): DateOrder {
  const language = languageOf(lang);
  const region = regionOf(lang);
  if (!language) return 'mdy';
  if (region) return MONTH_FIRST.has(region) ? 'mdy' : 'dmy';
  return language === 'en' ? 'mdy' : 'dmy';
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const daysIn = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

function valid(date: Ymd): Ymd | null {
  const { y, m, d } = date;
  if (!Number.isInteger(y) || y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return null;
  return date;
}

/** A two-digit year as POSIX strptime reads it: 69-99 are 1900s, 00-68 2000s. */
function fullYear(text: string): number {
  const n = Number(text);
  if (text.length > 2) return n;
  return n <= 68 ? 2000 + n : 1900 + n;
}

function monthNumber(word: string): number {
  const w = word.replace(/\.$/, '');
  if (w.length < 3) return 0;
  const index = MONTHS.findIndex((name) => name.startsWith(w) || (w === 'sept' && name === 'september'));
  return index + 1;
}

/** A written date: ISO (2012-09-10), numeric (09/10/2012, 10.09.2012: dots mean day first) or with a month name (10 Sep 2012, September 10th, 2012). */
export function parseDate(text: string, order: DateOrder): Ymd | null {
  const t = text.trim().toLowerCase().replace(WEEKDAY, ' ').replace(/(\d)(?:st|nd|rd|th)\b/g, '$1').trim();
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (match) return valid({ y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) });
  match = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/.exec(t);
  if (match) {
    const [a, b] = [Number(match[1]), Number(match[3])];
    const y = fullYear(match[4]!);
    const dayFirst = match[2] === '.' || a > 12 || (b <= 12 && order === 'dmy');
    return valid(dayFirst ? { y, m: b, d: a } : { y, m: a, d: b });
  }
  const tokens = t.split(/[\s,/-]+/).filter(Boolean);
  const months = tokens.map(monthNumber);
  if (tokens.length !== 3 || months.filter((m) => m > 0).length !== 1) return null;
  const numbers = tokens.filter((_, i) => months[i] === 0);
  if (!numbers.every((n) => /^\d{1,4}$/.test(n))) return null;
  const m = months.find((n) => n > 0)!;
  // The year has four digits wherever it stands; two two-digit numbers are day then year.
  const yearAt = numbers.findIndex((n) => n.length > 2);
  const y = yearAt >= 0 ? numbers[yearAt]! : numbers[1]!;
  const d = yearAt >= 0 ? numbers[1 - yearAt]! : numbers[0]!;
  if (d.length > 2) return null;
  return valid({ y: fullYear(y), m, d: Number(d) });
}

/** A written time: 14:30, 14:30:15, 2:30 pm, 2 PM, 14h30. Hours, minutes and seconds, or null. */
export function parseTime(text: string): { h: number; min: number; s?: string } | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const match = /^(\d{1,2})(?:[:h.](\d{2}))?(?::(\d{2}(?:\.\d{1,3})?))?(h)? ?(a\.?m\.?|p\.?m\.?)?$/.exec(t);
  if (!match) return null;
  const [, hours, minutes, seconds, suffix, meridiem] = match;
  if (minutes === undefined && !meridiem && !suffix) return null;
  let h = Number(hours);
  const min = Number(minutes ?? 0);
  if (min > 59 || (seconds !== undefined && Number(seconds) >= 60)) return null;
  if (meridiem) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem.startsWith('p') ? 12 : 0);
  } else if (h > 23) return null;
  return seconds === undefined ? { h, min } : { h, min, s: seconds };
}

const formatDate = ({ y, m, d }: Ymd): string => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const formatTime = (time: { h: number; min: number; s?: string }): string =>
  `${pad(time.h)}:${pad(time.min)}${time.s !== undefined ? `:${time.s.padStart(2, '0')}` : ''}`;

/** A date and a time in either order of words: the time is the last one to three words (10 Sep 2012 2:30 pm, 2012-09-10T14:30). */
function parseDateTime(text: string, order: DateOrder): string | null {
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})[t ](.+)$/i.exec(text.trim());
  const splits: Array<[string, string]> = iso ? [[iso[1]!, iso[2]!]] : [];
  const words = text.trim().split(/\s+/);
  for (let k = 1; k <= 3 && k < words.length; k++) {
    splits.push([words.slice(0, -k).join(' ').replace(/(?:,|\bat)$/i, '').replace(/,$/, '').trim(), words.slice(-k).join(' ')]);
  }
  for (const [datePart, timePart] of splits) {
    const date = parseDate(datePart, order);
    const time = parseTime(timePart);
    if (date && time) return `${formatDate(date)}T${formatTime(time)}`;
  }
  return null;
}

/** A written month: 2012-09, 09/2012, Sep 2012, September 2012, or any whole date (its month). */
function parseMonth(text: string, order: DateOrder): string | null {
  const t = text.trim().toLowerCase();
  let match = /^(\d{4})[-/.](\d{1,2})$/.exec(t);
  if (match) return valid({ y: Number(match[1]), m: Number(match[2]), d: 1 }) ? `${match[1]}-${pad(Number(match[2]))}` : null;
  match = /^(\d{1,2})[-/.](\d{4})$/.exec(t);
  if (match) return valid({ y: Number(match[2]), m: Number(match[1]), d: 1 }) ? `${match[2]}-${pad(Number(match[1]))}` : null;
  const tokens = t.split(/[\s,/-]+/).filter(Boolean);
  if (tokens.length === 2) {
    const month = tokens.map(monthNumber);
    const at = month.findIndex((m) => m > 0);
    const year = tokens[1 - at];
    if (at >= 0 && year && /^\d{4}$/.test(year)) return `${year}-${pad(month[at]!)}`;
  }
  const date = parseDate(text, order);
  return date ? formatDate(date).slice(0, 7) : null;
}

/** The ISO 8601 week of a date: its year (that of the week's Thursday) and number. */
export function isoWeek({ y, m, d }: Ymd): { year: number; week: number } {
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCFullYear(y);
  const day = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - day + 3);
  const thursday = date.getTime();
  const year = date.getUTCFullYear();
  const first = new Date(Date.UTC(year, 0, 4));
  first.setUTCFullYear(year);
  const firstThursday = first.getTime() - ((first.getUTCDay() + 6) % 7) * 86_400_000 + 3 * 86_400_000;
  return { year, week: 1 + Math.round((thursday - firstThursday) / (7 * 86_400_000)) };
}

/** A written week: 2012-W37, W37 2012, week 37 2012, or any whole date (its ISO week). */
function parseWeek(text: string, order: DateOrder): string | null {
  const t = text.trim().toLowerCase();
  const match = /^(\d{4})[- ]?w(?:eek)? ?(\d{1,2})$/.exec(t) ?? /^w(?:eek)? ?(\d{1,2}),? (\d{4})$/.exec(t);
  if (match) {
    const [year, week] = /^\d{4}/.test(t) ? [Number(match[1]), Number(match[2])] : [Number(match[2]), Number(match[1])];
    const weeks = isoWeek({ y: year, m: 12, d: 28 }).week;
    return week >= 1 && week <= weeks && year >= 1 ? `${pad(year, 4)}-W${pad(week)}` : null;
  }
  const date = parseDate(text, order);
  if (!date) return null;
  const { year, week } = isoWeek(date);
  return `${pad(year, 4)}-W${pad(week)}`;
}

/** A written number: 1,234.5 or 1.234,5 or 1 234,5 (a lone separator before three digits is read by the language), -3, 2e3. */
export function parseNumber(text: string, lang: string): string | null {
  let t = text.trim().replace(/[\s\u00a0\u202f\u2009']/g, '').replace(/^\+/, '').replace(/^[\u2212\u2013]/, '-');
  if (/^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(t) && !/^-?\d{1,3}\.\d{3}$/.test(t)) return t;
  const sign = t.startsWith('-') ? '-' : '';
  t = t.slice(sign.length);
  if (!/^\d[\d.,]*$/.test(t)) return null;
  const commas = t.split(',').length - 1;
  const dots = t.split('.').length - 1;
  const pointLanguage = DECIMAL_POINT.has(languageOf(lang)) || languageOf(lang) === '';
  let decimal: ',' | '.' | null;
  if (commas && dots) decimal = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
  else if (commas + dots === 0) decimal = null;
  else {
    const mark = commas ? ',' : '.';
    const alone = commas + dots === 1;
    const grouping = alone && /^\d{1,3}[.,]\d{3}$/.test(t);
    // A lone mark before three digits is a thousands separator unless the language writes it as its decimal.
    decimal = !alone ? null : grouping ? ((mark === '.') === pointLanguage ? mark : null) : mark;
    // Groups of three, or of two before the last three as in India (1,23,456).
    if (!alone && !/^\d{1,3}(?:[.,]\d{2,3})*[.,]\d{3}$/.test(t)) return null;
  }
  const [whole = '', fraction] = decimal ? [t.slice(0, t.lastIndexOf(decimal)), t.slice(t.lastIndexOf(decimal) + 1)] : [t, undefined];
  const digits = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(digits) || (fraction !== undefined && !/^\d+$/.test(fraction))) return null;
  return `${sign}${digits}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** What each kind wants, for the message when the text cannot be read. */
function wants(kind: FormattedKind, order: DateOrder): string {
  const numeric = order === 'mdy' ? '09/10/2012 (month first)' : '10/09/2012 (day first)';
  switch (kind) {
    case 'date':
      return `a date such as 2012-09-10, 10 Sep 2012, September 10, 2012 or ${numeric}`;
    case 'time':
      return 'a time such as 14:30, 14:30:15 or 2:30 pm';
    case 'datetime-local':
      return `a date and a time such as 2012-09-10T14:30 or ${numeric.replace(' (', ' 2:30 pm (')}`;
    case 'month':
      return 'a month such as 2012-09, 09/2012 or September 2012';
    case 'week':
      return 'a week such as 2012-W37, week 37 2012 or a date in it';
    case 'number':
    case 'range':
      return 'a number such as 1234.5, -3 or 1,234.5';
  }
}

/**
 * `written` in the value format of an input of `kind` (date 2012-09-10, time 14:30,
 * datetime-local 2012-09-10T14:30, month 2012-09, week 2012-W37, number 1234.5), reading it by
 * the page's language `lang` where the text is ambiguous; an empty text stays empty (it clears).
 */
export function convertWritten(kind: FormattedKind, written: string, lang: string): Converted {
  const order = dateOrder(lang);
  if (written.trim() === '') return { value: '' };
  let value: string | null;
  switch (kind) {
    case 'date': {
      const date = parseDate(written, order);
      value = date ? formatDate(date) : null;
      break;
    }
    case 'time': {
      const time = parseTime(written);
      value = time ? formatTime(time) : null;
      break;
    }
    case 'datetime-local':
      value = parseDateTime(written, order);
      break;
    case 'month':
      value = parseMonth(written, order);
      break;
    case 'week':
      value = parseWeek(written, order);
      break;
    case 'number':
    case 'range':
      value = parseNumber(written, lang);
      break;
  }
  return value === null ? { wants: wants(kind, order) } : { value };
}
