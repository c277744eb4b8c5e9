// How a benchmark reads its knobs from the environment, written once.

/** The positive whole number in environment variable `name`, or `fallback` when unset; anything else throws. */
export function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return value;
}
