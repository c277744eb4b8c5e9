/** `tabwright chart`: placeholder until machines/ and lib/chart.ts land. */
export function chartCommand(_args: string[]): string {
  throw new Error('chart is not wired yet');
}
