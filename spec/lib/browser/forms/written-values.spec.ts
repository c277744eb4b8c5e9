import { expect } from 'chai';
import fc from 'fast-check';
import { convertWritten, dateOrder, isoWeek, parseNumber } from '../../../../lib/browser/forms/written-values.js';

const value = (kind: Parameters<typeof convertWritten>[0], written: string, lang = 'en-US'): string | undefined => {
  const converted = convertWritten(kind, written, lang);
  return 'value' in converted ? converted.value : undefined;
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const daysIn = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();
const aDate = fc
  .record({ y: fc.integer({ min: 1000, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => ({ y, m, d: Math.min(d, daysIn(y, m)) }));

describe('convertWritten (dates, times and numbers as people write them)', () => {
  it('reads a date in the forms people write into the date input format', () => {
    for (const written of ['2012-09-10', '09/10/2012', '9/10/12', '10.09.2012', '10 Sep 2012', '10 September 2012', 'September 10, 2012', 'Sep. 10th, 2012', 'Monday, September 10, 2012', '10-Sep-2012', '2012/9/10']) {
      expect(value('date', written), written).to.equal('2012-09-10');
    }
  });

  it('reads an all-numeric date by the page language, month first for American English and no language, day first elsewhere', () => {
    expect(value('date', '09/10/2012', 'en-US')).to.equal('2012-09-10');
    expect(value('date', '09/10/2012', '')).to.equal('2012-09-10');
    expect(value('date', '09/10/2012', 'en-GB')).to.equal('2012-10-09');
    expect(value('date', '09/10/2012', 'fr')).to.equal('2012-10-09');
    // A number over 12 settles it whatever the language.
    expect(value('date', '25/12/2012', 'en-US')).to.equal('2012-12-25');
    expect(value('date', '12/25/2012', 'de-DE')).to.equal('2012-12-25');
    expect([dateOrder('en'), dateOrder('en-us'), dateOrder('es-US'), dateOrder('en-GB'), dateOrder('de'), dateOrder('zh-Hans-CN')]).to.deep.equal(['mdy', 'mdy', 'mdy', 'dmy', 'dmy', 'dmy']);
  });

  it('says which format the field wants when the text is not a date, or not a real day', () => {
    for (const written of ['tomorrow', '31/02/2012', '2012-13-01', '10 Smarch 2012', '1/2/3/4']) {
      const converted = convertWritten('date', written, 'en-US');
      expect(converted, written).to.have.property('wants').that.matches(/a date such as 2012-09-10.*09\/10\/2012 \(month first\)/);
    }
    expect(convertWritten('date', 'soon', 'de')).to.have.property('wants').that.contains('10/09/2012 (day first)');
  });

  it('reads times, dates with times, months and weeks', () => {
    const cases: Array<[Parameters<typeof convertWritten>[0], string, string]> = [
      ['time', '14:30', '14:30'], ['time', '2:30 pm', '14:30'], ['time', '2 PM', '14:00'], ['time', '12:05 a.m.', '00:05'], ['time', '14h30', '14:30'], ['time', '9:05:07', '09:05:07'],
      ['datetime-local', '2012-09-10T14:30', '2012-09-10T14:30'], ['datetime-local', '09/10/2012 2:30 PM', '2012-09-10T14:30'], ['datetime-local', 'September 10, 2012 at 2:30 pm', '2012-09-10T14:30'], ['datetime-local', '2012-09-10 14:30', '2012-09-10T14:30'],
      ['month', '2012-09', '2012-09'], ['month', '09/2012', '2012-09'], ['month', 'September 2012', '2012-09'], ['month', 'Sep 2012', '2012-09'], ['month', '10 Sep 2012', '2012-09'],
      ['week', '2012-W37', '2012-W37'], ['week', 'week 37 2012', '2012-W37'], ['week', '2012-09-10', '2012-W37'], ['week', '2010-01-03', '2009-W53'],
    ];
    for (const [kind, written, expected] of cases) expect(value(kind, written), `${kind} ${written}`).to.equal(expected);
    for (const [kind, written] of [['time', '25:00'], ['time', '13 pm'], ['time', '14'], ['week', '2012-W54'], ['month', '2012-13']] as const) {
      expect(convertWritten(kind, written, 'en'), `${kind} ${written}`).to.have.property('wants');
    }
  });

  it('reads numbers with the grouping and decimal marks of the page language', () => {
    const cases: Array<[string, string, string]> = [
      ['1,234.5', 'en', '1234.5'], ['1.234,5', 'de', '1234.5'], ['1 234,5', 'fr', '1234.5'], ['1,234', 'en', '1234'], ['1,234', 'de', '1.234'],
      ['1.234', 'en', '1.234'], ['1.234', 'de', '1234'], ['12,5', 'en', '12.5'], ['-3', 'en', '-3'], ['+7', 'en', '7'], ['2e3', 'en', '2e3'], ['1,234,567.25', 'en', '1234567.25'], ['1,23,456', 'en-IN', '123456'],
    ];
    for (const [written, lang, expected] of cases) expect(parseNumber(written, lang), `${written} (${lang})`).to.equal(expected);
    for (const written of ['12abc', 'one', '1,2,3', '--1']) expect(convertWritten('number', written, 'en'), written).to.have.property('wants').that.contains('a number');
  });

  it('keeps every date through its written forms (round trip)', () => {
    fc.assert(
      fc.property(aDate, fc.constantFrom('en-US', 'en-GB', 'de', ''), ({ y, m, d }, lang) => {
        const iso = `${y}-${pad(m)}-${pad(d)}`;
        const numeric = dateOrder(lang) === 'mdy' ? `${pad(m)}/${pad(d)}/${y}` : `${pad(d)}/${pad(m)}/${y}`;
        const month = MONTHS[m - 1]!;
        for (const written of [iso, numeric, `${d}.${m}.${y}`, `${d} ${month.slice(0, 3)} ${y}`, `${month} ${d}, ${y}`, `${d} ${month} ${y}`]) {
          expect(value('date', written, lang), written).to.equal(iso);
        }
        expect(value('month', `${month} ${y}`, lang)).to.equal(iso.slice(0, 7));
      }),
    );
  });

  it('keeps every time through its 12- and 24-hour forms (round trip)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, min) => {
        const expected = `${pad(h)}:${pad(min)}`;
        const twelve = `${h % 12 === 0 ? 12 : h % 12}:${pad(min)} ${h < 12 ? 'am' : 'PM'}`;
        expect(value('time', expected)).to.equal(expected);
        expect(value('time', twelve), twelve).to.equal(expected);
      }),
    );
  });

  it('keeps every number through its English and German groupings (round trip)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const sign = whole < 0 ? '-' : '';
        const grouped = (mark: string): string => String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, mark);
        const expected = `${sign}${Math.abs(whole)}.${pad(cents)}`;
        expect(parseNumber(`${sign}${grouped(',')}.${pad(cents)}`, 'en')).to.equal(expected);
        expect(parseNumber(`${sign}${grouped('.')},${pad(cents)}`, 'de')).to.equal(expected);
      }),
    );
  });

  it('numbers ISO weeks as ISO 8601 does', () => {
    expect(isoWeek({ y: 2012, m: 9, d: 10 })).to.deep.equal({ year: 2012, week: 37 });
    expect(isoWeek({ y: 2008, m: 12, d: 29 })).to.deep.equal({ year: 2009, week: 1 });
    expect(isoWeek({ y: 2021, m: 1, d: 3 })).to.deep.equal({ year: 2020, week: 53 });
  });
});
