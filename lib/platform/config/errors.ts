/** Every bad value of a configuration, one sentence each (a command prints them and exits 2). */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}
