import type { StateValue } from 'xstate';

/** A machine state value as a dotted path: `{active: 'idle'}` is "active.idle" (the session machine has no parallel states). */
export function statePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value)[0] ?? [];
  if (key === undefined) return '';
  return inner === undefined || (typeof inner === 'object' && Object.keys(inner).length === 0) ? key : `${key}.${statePath(inner)}`;
}
