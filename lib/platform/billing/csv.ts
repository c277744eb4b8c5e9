import type { LedgerEntry } from './ledger.js';

/** The export's columns: interface.md 2.13 plus `created_at` (decisions.md "Ledger export"). */
export const LEDGER_CSV_COLUMNS = ['kind', 'amount', 'balance_after', 'session_id', 'runtime', 'ai_tokens', 'proxy_dc', 'proxy_resident', 'created_at'] as const;

/** One field, quoted when RFC 4180 requires it (comma, quote, CR or LF), quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The entries as RFC 4180 CSV: a header line, one record per entry, CRLF after each, times in ISO 8601. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const rows = entries.map((e) => [
    e.kind,
    String(e.amount),
    String(e.balanceAfter),
    e.sessionId ?? '',
    String(e.runtime),
    String(e.aiTokens),
    String(e.proxyDc),
    String(e.proxyResident),
    new Date(e.createdAt).toISOString(),
  ]);
  return [[...LEDGER_CSV_COLUMNS], ...rows].map((row) => row.map(field).join(',') + '\r\n').join('');
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into records of fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else value += c;
      i++;
      continue;
    }
    if (c === '"' && value === '') quoted = true;
    else if (c === ',') {
      record.push(value);
      value = '';
    } else if (c === '\n' || c === '\r') {
      record.push(value);
      records.push(record);
      record = [];
      value = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else value += c;
    i++;
  }
  if (value !== '' || record.length > 0) records.push([...record, value]);
  return records;
}
