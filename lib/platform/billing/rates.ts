/** What a session consumed, in the units interface.md 8.4 bills. */
export interface Metered {
  seconds: number;
  bytesDatacenter: number;
  bytesResidential: number;
  aiTokens: number;
  captchaSolves: number;
}

/** A charge split by service, in credits; the ledger's split columns carry the same names. */
export interface CreditSplit {
  runtime: number;
  proxy_dc: number;
  proxy_resident: number;
  ai_tokens: number;
  captcha: number;
}

/** The rate table of interface.md 8.4 (the same for every plan). */
export const RATES = {
  perSecond: 1,
  perDatacenterMiB: 35,
  perResidentialMiB: 350,
  perThousandAiTokens: 15,
  perCaptchaSolve: 75,
} as const;

/** The proxy rates' "MB": 1,048,576 bytes. */
export const MIB = 1_048_576;

/** The split columns in the order the ledger and its CSV list them. */
export const SPLIT_KEYS: readonly (keyof CreditSplit)[] = ['runtime', 'ai_tokens', 'proxy_dc', 'proxy_resident', 'captcha'];

const up = (value: number, unit: number): number => {
  if (!Number.isFinite(value) || value < 0) throw new Error(`usage must be a non-negative number, got ${value}`);
  return Math.ceil(value / unit);
};

/** The contract's formula, each term rounded up on its own: the split by service and its total. */
export function credits(usage: Metered): { split: CreditSplit; total: number } {
  const split: CreditSplit = {
    runtime: up(usage.seconds, 1) * RATES.perSecond,
    proxy_dc: up(usage.bytesDatacenter, MIB) * RATES.perDatacenterMiB,
    proxy_resident: up(usage.bytesResidential, MIB) * RATES.perResidentialMiB,
    ai_tokens: up(usage.aiTokens, 1000) * RATES.perThousandAiTokens,
    captcha: up(usage.captchaSolves, 1) * RATES.perCaptchaSolve,
  };
  return { split, total: sumSplit(split) };
}

/** Usage with what it costs: the credits of interface.md 8.4, priced once where the usage is measured. */
export type Priced<U extends Metered = Metered> = U & { credits: number };

/** `usage` with its credits. */
export function priced<U extends Metered>(usage: U): Priced<U> {
  return { ...usage, credits: credits(usage).total };
}

/** The sum of a split's columns. */
export function sumSplit(split: CreditSplit): number {
  return SPLIT_KEYS.reduce((sum, key) => sum + split[key], 0);
}

/**
 * Shrinks `split` so its columns add up to `amount` (at most its total), each column in proportion
 * to its share, rounded down, with the units left over going to the largest remainders (ties in
 * column order). This is how a debit's waived part is spread over the services.
 */
export function scaleSplit(split: CreditSplit, amount: number): CreditSplit {
  const total = sumSplit(split);
  if (amount >= total) return { ...split };
  if (amount <= 0 || total === 0) return { runtime: 0, proxy_dc: 0, proxy_resident: 0, ai_tokens: 0, captcha: 0 };
  // BigInt: column × amount can pass 2^53 for large sessions on large balances.
  const big = BigInt(total);
  const parts = SPLIT_KEYS.map((key) => {
    const product = BigInt(split[key]) * BigInt(amount);
    return { key, floor: Number(product / big), remainder: product % big };
  });
  let left = amount - parts.reduce((sum, part) => sum + part.floor, 0);
  const order = [...parts].sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1));
  for (const part of order) {
    if (left === 0) break;
    part.floor++;
    left--;
  }
  const scaled = { runtime: 0, proxy_dc: 0, proxy_resident: 0, ai_tokens: 0, captcha: 0 };
  for (const part of parts) scaled[part.key] = part.floor;
  return scaled;
}
