// How times, durations and counts read on the page.

/** `12:03:04` in the viewer's time zone. */
export const clockTime = (iso: string): string => new Date(iso).toLocaleTimeString(undefined, { hour12: false });

/** `2026-11-24 12:03:04` in the viewer's time zone. */
export function dateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${clockTime(iso)}`;
}

/** `45 s`, `3 min 05 s`, `1 h 02 min`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** `850 ms` or `1.2 s`. */
export const millis = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** `1,234`. */
export const count = (n: number): string => n.toLocaleString('en-US');

/** `12.3 KB`. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A journal `device` event in words: `Pixel 7, 412×839 at 2.625×, mobile, touch`. */
export function deviceLine(event: Readonly<Record<string, unknown>>): string {
  const size = `${String(event.name)}, ${String(event.width)}×${String(event.height)} at ${String(event.scale)}×`;
  return [size, event.mobile === true ? 'mobile' : '', event.touch === true ? 'touch' : ''].filter(Boolean).join(', ');
}
