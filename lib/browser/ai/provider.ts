import type { AiProvider } from '../../platform/config/services.js';

/** One chat message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A completion's text and the tokens it cost. */
export interface ChatReply {
  content: string;
  promptTokens: number;
  completionTokens: number;
}

/** Time one completion may take before the field fails. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Asks for one completion at `${baseUrl}/chat/completions`; an HTTP or shape failure throws. */
export async function chatCompletion(provider: AiProvider, messages: ChatMessage[], signal?: AbortSignal): Promise<ChatReply> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(`${provider.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(provider.apiKey ? { Authorization: `Bearer ${provider.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: provider.model, messages, temperature: 0 }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the AI provider answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error('the AI provider answered something that is not JSON');
  }
  const reply = body as { choices?: Array<{ message?: { content?: unknown } }>; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  const content = reply.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the AI provider answered without a message');
  return { content, promptTokens: count(reply.usage?.prompt_tokens), completionTokens: count(reply.usage?.completion_tokens) };
}

function count(u: unknown): number {
  return typeof u === 'number' && Number.isFinite(u) && u > 0 ? Math.floor(u) : 0;
}
