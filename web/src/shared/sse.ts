/**
 * Reading a server-sent-event stream from a fetch answer: EventSource cannot send an
 * Authorization header, so the panel reads GET /events itself. The parser is pure (no I/O).
 */

export interface SseMessage {
  event: string;
  data: string;
}

/** The complete events in `buffer` and the unfinished rest (kept for the next chunk). Comments (`:`) are skipped. */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const messages: SseMessage[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) messages.push({ event, data: data.join('\n') });
  }
  return { messages, rest };
}

/** Reads the answer's body to its end, calling `onMessage` for each event as it arrives. */
export async function readSse(response: Response, onMessage: (message: SseMessage) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    for (const message of parsed.messages) onMessage(message);
  }
}

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;

/** The pause before reconnection `attempt` (0-based): 1 s doubling to 30 s, up to 20 % less, so tabs do not return in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(full * (1 - 0.2 * random()));
}
