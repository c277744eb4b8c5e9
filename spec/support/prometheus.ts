/** One scrape of a Prometheus text exposition: sample values by metric name and labels. */
export class Scrape {
  private readonly samples = new Map<string, number>();

  constructor(readonly text: string) {
    for (const line of text.split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
      this.samples.set(Scrape.key(match[1]!, labels), Number(match[3]));
    }
  }

  private static key(name: string, labels: Record<string, string>): string {
    return `${name}{${Object.keys(labels).sort().map((label) => `${label}=${labels[label]}`).join(',')}}`;
  }

  /** The sample's value; 0 when the series does not exist yet (a counter never incremented). */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.samples.get(Scrape.key(name, labels)) ?? 0;
  }

  /** True when the exposition declares metric `name` (a HELP line). */
  declares(name: string): boolean {
    return this.text.includes(`# HELP ${name} `);
  }
}
