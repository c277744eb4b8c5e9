// A webhook receiver for tests: an https server on a random loopback port with a self-signed
// certificate for 127.0.0.1 made by openssl for the run (its PEM is the CA a test trusts, as an
// operator would with TABWRIGHT_WEBHOOK_CA_FILE). It records every request and answers each with
// the status `answer` picks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One request the receiver got. */
export interface Received {
  /** The path and query asked. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  status: number;
}

/** A self-signed certificate and key for 127.0.0.1, PEM. */
export function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tw-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A running receiver. */
export interface Receiver {
  /** https://127.0.0.1:<port>/hook */
  url: string;
  /** The certificate to trust, PEM. */
  ca: string;
  received: Received[];
  /** Which status the next request gets (default: 200 for all; 0 for no answer); it sees what came before. */
  answer: (request: { body: string; index: number }) => number;
  /** Resolves once `count` requests have arrived in all. */
  until(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver with `certificate` (one per spec file is enough: openssl takes a moment). */
export async function startReceiver(certificate: { cert: string; key: string }): Promise<Receiver> {
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const receiver: Partial<Receiver> & { received: Received[] } = { received: [], answer: () => 200 };
  const server: Server = createServer(certificate, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = receiver.answer!({ body, index: receiver.received.length });
      receiver.received.push({ path: request.url ?? '', headers: request.headers, body, status });
      // 0: no answer at all, as a receiver that hangs.
      if (status !== 0) response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'thanks' : 'not now');
      for (const wait of waiting.filter((w) => receiver.received.length >= w.count)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `https://127.0.0.1:${port}/hook`,
    ca: certificate.cert,
    until: (count: number) => (receiver.received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }))),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  }) as Receiver;
}
