// What a tool answers, as compact text an agent reads well: the page's markdown (its controls'
// refs in place), then what changed, then the error with the contract's advice; screenshots as
// image content, a PDF as an embedded resource, an extraction as JSON.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DownloadedFile, Envelope, TabwrightError } from '../client/index.js';
import { stepErrorAdvice } from '../lib/contract/errors.js';

type Content = CallToolResult['content'][number];
type Changes = NonNullable<NonNullable<Envelope['page']>['changes']>;

const element = (e: { ref: string; role?: string; label?: string }): string => `${e.ref} ${e.role ?? 'element'}${e.label ? ` "${e.label}"` : ''}`;

function changesText(changes: Changes): string {
  const lines: string[] = [];
  if (changes.tab) lines.push(`tab: now ${changes.tab.to} (${changes.tab.reason}; was ${changes.tab.from})`);
  if (changes.content_delta) lines.push(changes.content_delta);
  if (changes.elements_added.length) lines.push(`added: ${changes.elements_added.map(element).join('; ')}`);
  if (changes.elements_removed.length) lines.push(`removed: ${changes.elements_removed.map(element).join('; ')}`);
  return lines.length ? `## Changes\n${lines.join('\n')}` : '## Changes\nnone';
}

/**
 * The controls an agent could not find in the markdown: all of them when it is text only
 * (`controls: list`), else those outside the region it shows (a header's search box in main mode).
 */
function otherControlsText(page: NonNullable<Envelope['page']>): string | undefined {
  const shown = page.markdown?.content ?? '';
  const rest = (page.interactive_elements ?? []).filter((control) => !shown.includes(`[${control.ref}:`));
  if (!rest.length) return undefined;
  return `## ${rest.length === page.interactive_elements?.length ? 'Controls' : 'Other controls'}\n${rest.map(element).join('\n')}`;
}

/** A create's or an act's answer as tool content; a failed step makes it an isError result that still shows the page. */
export function envelopeResult(envelope: Envelope): CallToolResult {
  const { page, error } = envelope;
  const parts = [`session ${envelope.session_id}`];
  if (page) {
    parts[0] += ` · ${page.url} · ${JSON.stringify(page.title)}`;
    if (page.tabs) parts.push(`## Tabs\n${page.tabs.map((tab) => `${tab.active ? '* ' : ''}${tab.tab} ${JSON.stringify(tab.title)} ${tab.url}${tab.opener ? ` (opened by ${tab.opener})` : ''}`).join('\n')}`);
    if (page.markdown) parts.push(page.markdown.content);
    const others = otherControlsText(page);
    if (others) parts.push(others);
    if (page.changes) parts.push(changesText(page.changes));
  }
  if (envelope.downloads?.length) parts.push(downloadsText(envelope.downloads));
  if (envelope.extraction !== undefined && envelope.extraction !== null) parts.push(`## Extraction\n${JSON.stringify(envelope.extraction)}`);
  if (error) {
    const advice = stepErrorAdvice[error.code];
    parts.push(`## Error\n${error.code} at step ${error.step} (${error.action}): ${error.message}\ncontext: ${JSON.stringify(error.context)}${advice ? `\nwhat to do: ${advice}` : ''}`);
  }
  const content: Content[] = [{ type: 'text', text: parts.join('\n\n') }];
  for (const media of envelope.media ?? []) {
    if (media.format === 'pdf') content.push({ type: 'resource', resource: { uri: `tabwright://${envelope.session_id}/${envelope.request_id}.pdf`, mimeType: 'application/pdf', blob: media.data } });
    else content.push({ type: 'image', data: media.data, mimeType: `image/${media.format}` });
  }
  return error ? { content, isError: true } : { content };
}

/** The session's downloads, one a line: what the download tool reads by id. */
function downloadsText(downloads: Envelope['downloads']): string {
  const line = (d: Envelope['downloads'][number]): string => `${d.id} ${JSON.stringify(d.name)} ${d.mime} ${d.bytes} bytes${d.complete ? '' : ' (not complete)'}`;
  return `## Downloads\n${downloads.map(line).join('\n')}`;
}

/** The downloads of a session, as the download tool lists them. */
export function downloadsResult(id: string, downloads: Envelope['downloads']): CallToolResult {
  return { content: [{ type: 'text', text: downloads.length ? `session ${id}\n\n${downloadsText(downloads)}` : `session ${id}: no downloads` }] };
}

/** The most text a download shows inline, and the largest file handed over at all (as an embedded resource). */
const INLINE_TEXT_BYTES = 256 * 1024;
const EMBEDDED_BYTES = 1024 * 1024;
const TEXT_TYPES = /^(text\/|application\/(json|xml|csv|javascript)|[^;]*\+(json|xml))/;

/** One downloaded file: text inline, other types as an embedded resource, a large one as where to fetch it. */
export function downloadResult(id: string, downloadId: string, file: DownloadedFile): CallToolResult {
  const head = `${file.name ?? downloadId} · ${file.type} · ${file.bytes.length} bytes`;
  if (TEXT_TYPES.test(file.type) && file.bytes.length <= INLINE_TEXT_BYTES) {
    return { content: [{ type: 'text', text: `${head}\n\n${new TextDecoder().decode(file.bytes)}` }] };
  }
  if (file.bytes.length <= EMBEDDED_BYTES) {
    const blob = Buffer.from(file.bytes).toString('base64');
    return { content: [{ type: 'text', text: head }, { type: 'resource', resource: { uri: `tabwright://${id}/downloads/${downloadId}`, mimeType: file.type, blob } }] };
  }
  return { content: [{ type: 'text', text: `${head}: too large to hand over here; GET /v1/sessions/${id}/downloads/${downloadId} with the key` }] };
}

/** A fork's copies: each one's envelope as envelopeResult gives it, one after another; isError when a step failed in any. */
export function forkResult(envelopes: readonly Envelope[]): CallToolResult {
  const results = envelopes.map(envelopeResult);
  const header: Content = { type: 'text', text: `${envelopes.length} cop${envelopes.length === 1 ? 'y' : 'ies'}: ${envelopes.map((envelope) => envelope.session_id).join(', ')}` };
  const content = [header, ...results.flatMap((result) => result.content)];
  return results.some((result) => result.isError) ? { content, isError: true } : { content };
}

/** An API error (a refused request) as an isError result with its code, message and context. */
export function apiErrorResult(error: TabwrightError): CallToolResult {
  const context = Object.keys(error.context).length ? `\ncontext: ${JSON.stringify(error.context)}` : '';
  return { content: [{ type: 'text', text: `${error.code} (HTTP ${error.status}): ${error.message}${context}` }], isError: true };
}

/** Any other answer (a list, a closed session) as JSON text. */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** The tabwright server did not answer at all: a tool error saying so, with the network's reason. */
export function unreachableResult(error: TypeError): CallToolResult {
  // undici's cause: an Error (ECONNREFUSED, ENOTFOUND...) or an AggregateError whose message is empty.
  const reason = error.cause as { code?: unknown; message?: unknown } | undefined;
  const cause = typeof reason?.code === 'string' ? ` (${reason.code})` : typeof reason?.message === 'string' && reason.message ? ` (${reason.message})` : '';
  return { content: [{ type: 'text', text: `the tabwright server could not be reached${cause}; check that it runs, then call again` }], isError: true };
}
