/** `tabwright serve`: placeholder until http/server.ts lands (owned by the lead). */
export async function serveCommand(_options: { host: string; port: number; dataDir: string }): Promise<void> {
  await Promise.resolve();
  throw new Error('serve is not wired yet');
}
