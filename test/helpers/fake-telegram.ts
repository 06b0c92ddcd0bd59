/**
 * A fake Telegram Bot API: a local HTTP server on port 0 that answers like
 * Telegram ({ok, result}, increasing message ids) at /bot<token>/<method>,
 * records every call (method, chat_id, text, reply_markup, the photo part of
 * a multipart upload), and can be told to fail (500), to hang, or is strict
 * about legacy Markdown like Telegram (400 "can't parse entities").
 * Also builds the updates tests post to the webhook.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface TelegramCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
  chat_id?: string;
  text?: string;
  caption?: string;
  parse_mode?: string;
  reply_markup?: { inline_keyboard?: { text: string; callback_data?: string }[][] };
  photo?: { filename: string; bytes: Buffer };
  /** The HTTP status the fake answered with (0 when it hung). */
  status: number;
  /** Telegram's error description when refused. */
  error?: string;
}

/** 'flood': every call refused with 429 and `retry_after` (Telegram's flood control). */
export type FakeMode = 'ok' | 'fail' | 'hang' | 'flood';

const SPECIAL = new Set([0x5f, 0x2a, 0x60, 0x5b]); // _ * ` [

/**
 * Telegram's legacy Markdown parser, as tdlib's parse_markdown does it: `\` escapes
 * _ * ` [ outside entities; an entity opened by _ * ` ``` or [ must be closed, else
 * "can't parse entities". Returns that error description, or null when the text parses.
 */
export function legacyMarkdownError(text: string): string | null {
  const b = Buffer.from(text, 'utf8');
  const size = b.length;
  const at = (i: number): number => (i < size ? b[i]! : 0);
  const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
  for (let i = 0; i < size; i += 1) {
    const c = b[i]!;
    if (c === 0x5c && SPECIAL.has(at(i + 1))) {
      i += 1;
      continue;
    }
    if (!SPECIAL.has(c)) continue;
    const begin = i;
    const end = c === 0x5b ? 0x5d : c;
    let isPre = false;
    i += 1;
    if (c === 0x60 && at(i) === 0x60 && at(i + 1) === 0x60) {
      i += 2;
      isPre = true;
      let languageEnd = i;
      while (languageEnd < size && !isSpace(at(languageEnd)) && at(languageEnd) !== 0x60) languageEnd += 1;
      if (i !== languageEnd && languageEnd < size && at(languageEnd) !== 0x60) i = languageEnd;
      if (at(i) === 0x0a || at(i) === 0x0d) i += (at(i + 1) === 0x0a || at(i + 1) === 0x0d) && at(i) !== at(i + 1) ? 2 : 1;
    }
    while (i < size && (at(i) !== end || (isPre && !(at(i + 1) === 0x60 && at(i + 2) === 0x60)))) i += 1;
    if (i === size) return `Bad Request: can't parse entities: Can't find end of the entity starting at byte offset ${begin}`;
    if (c === 0x5b && at(i + 1) === 0x28) {
      i += 2;
      while (i < size && at(i) !== 0x29) i += 1;
    }
    if (isPre) i += 2;
  }
  return null;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

interface Part {
  name: string;
  filename?: string;
  data: Buffer;
}

function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const chunk = body.subarray(start + delimiter.length + 2, next - 2); // skip CRLF after the delimiter and before the next
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = chunk.subarray(0, headerEnd).toString('utf8');
      const name = /name="([^"]+)"/i.exec(headers)?.[1];
      const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
      if (name) parts.push({ name, filename, data: chunk.subarray(headerEnd + 4) });
    }
    start = next;
  }
  return parts;
}

function parseJsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export class FakeTelegram {
  readonly calls: TelegramCall[] = [];
  mode: FakeMode = 'ok';
  /** Seconds in the 429 answers of 'flood' mode. */
  retryAfter = 30;
  url = '';
  private server: Server | undefined;
  private messageId = 1000;
  private webhookUrl = '';

  static async start(): Promise<FakeTelegram> {
    const fake = new FakeTelegram();
    fake.server = createServer((request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  reset(): void {
    this.calls.length = 0;
    this.mode = 'ok';
  }

  /** Calls of one method, optionally to one chat. */
  callsOf(method: string, chatId?: number | string): TelegramCall[] {
    return this.calls.filter((call) => call.method === method && (chatId === undefined || call.chat_id === String(chatId)));
  }

  /** Every sendMessage text a chat received (accepted ones only). */
  textsTo(chatId: number | string): string[] {
    return this.callsOf('sendMessage', chatId)
      .filter((call) => call.status === 200)
      .map((call) => call.text ?? '');
  }

  lastTo(chatId: number | string, method = 'sendMessage'): TelegramCall | undefined {
    return this.callsOf(method, chatId).at(-1);
  }

  /** The answerCallbackQuery texts, in order. */
  callbackAnswers(): (string | undefined)[] {
    return this.callsOf('answerCallbackQuery').map((call) => call.params.text as string | undefined);
  }

  private async parse(request: IncomingMessage): Promise<{ params: Record<string, unknown>; photo?: TelegramCall['photo'] }> {
    const body = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    if (body.length === 0) return { params: {} };
    if (type.startsWith('application/json')) return { params: JSON.parse(body.toString('utf8')) as Record<string, unknown> };
    const boundary = /boundary=(.+)$/.exec(type)?.[1];
    if (type.startsWith('multipart/form-data') && boundary) {
      const parts = parseMultipart(body, boundary);
      const params: Record<string, unknown> = {};
      for (const part of parts) if (!part.filename) params[part.name] = parseJsonField(part.data.toString('utf8'));
      const attach = typeof params.photo === 'string' ? /^attach:\/\/(.+)$/.exec(params.photo)?.[1] : undefined;
      const file = parts.find((part) => part.filename && part.name === attach);
      return { params, photo: file ? { filename: file.filename!, bytes: Buffer.from(file.data) } : undefined };
    }
    return { params: Object.fromEntries(new URLSearchParams(body.toString('utf8'))) };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
    if (!match) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      return;
    }
    const { params, photo } = await this.parse(request);
    const call: TelegramCall = {
      method: match[2]!,
      token: match[1]!,
      params,
      chat_id: params.chat_id === undefined ? undefined : String(params.chat_id),
      text: params.text as string | undefined,
      caption: params.caption as string | undefined,
      parse_mode: params.parse_mode as string | undefined,
      reply_markup: parseJsonField(params.reply_markup) as TelegramCall['reply_markup'],
      photo,
      status: 0,
    };
    this.calls.push(call);
    if (this.mode === 'hang') return; // never answers; closed by close()
    if (this.mode === 'fail') return this.reply(response, call, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
    if (this.mode === 'flood') {
      const description = `Too Many Requests: retry after ${this.retryAfter}`;
      return this.reply(response, call, 429, { ok: false, error_code: 429, description, parameters: { retry_after: this.retryAfter } });
    }
    const markdown = call.parse_mode === 'Markdown' ? (call.text ?? call.caption) : undefined;
    const markdownError = markdown === undefined ? null : legacyMarkdownError(markdown);
    if (markdownError) return this.reply(response, call, 400, { ok: false, error_code: 400, description: markdownError });
    this.reply(response, call, 200, { ok: true, result: this.result(call) });
  }

  private reply(response: ServerResponse, call: TelegramCall, status: number, body: Record<string, unknown>): void {
    call.status = status;
    if (status !== 200) call.error = body.description as string;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private message(call: TelegramCall): Record<string, unknown> {
    const chatId = Number(call.chat_id ?? 0);
    return {
      message_id: (this.messageId += 1),
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: chatId < 0 ? 'group' : 'private' },
      ...(call.text !== undefined ? { text: call.text } : {}),
    };
  }

  private result(call: TelegramCall): unknown {
    switch (call.method) {
      case 'sendMessage':
        return this.message(call);
      case 'sendPhoto':
        return {
          ...this.message(call),
          photo: [{ file_id: 'photo', file_unique_id: 'photo', width: 512, height: 512 }],
          caption: call.caption,
        };
      case 'editMessageText':
      case 'editMessageReplyMarkup':
        return { ...this.message(call), message_id: call.params.message_id };
      case 'setWebhook':
        this.webhookUrl = String(call.params.url ?? '');
        return true;
      case 'getWebhookInfo':
        return { url: this.webhookUrl, has_custom_certificate: false, pending_update_count: 0, max_connections: 40 };
      case 'getMe':
        return { id: Number(call.token.split(':')[0]), is_bot: true, first_name: 'Test bot', username: 'booking_test_bot' };
      default:
        return true;
    }
  }
}

/** One fake per test file, started before the app (its URL goes into TELEGRAM_API_URL). */
export function useFakeTelegram(): FakeTelegram {
  const handle = {} as { fake?: FakeTelegram };
  const proxy = new Proxy({} as FakeTelegram, {
    get: (_target, key) => {
      const value = (handle.fake as unknown as Record<string | symbol, unknown>)[key];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(handle.fake) : value;
    },
    set: (_target, key, value) => {
      (handle.fake as unknown as Record<string | symbol, unknown>)[key] = value;
      return true;
    },
  });
  beforeAll(async () => {
    handle.fake = await FakeTelegram.start();
  });
  afterAll(async () => {
    await handle.fake?.close();
  });
  return proxy;
}

export const TEST_BOT_TOKEN = '123456789:TEST-token_for-the-fake-bot-api';
export const TEST_BOT_USERNAME = 'booking_test_bot';

/** Env for createTestApp/useTestApp: the bot on, talking to the fake. */
export const botEnv =
  (fake: FakeTelegram, extra: Record<string, string> = {}) =>
  (): Record<string, string> => ({
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_USERNAME: TEST_BOT_USERNAME,
    TELEGRAM_API_URL: fake.url,
    ...extra,
  });

let nextUpdateId = 1;
let nextMessageId = 1;

const person = (id: number) => ({ id, is_bot: false, first_name: `User${id}`, language_code: 'ru' });
const chatOf = (id: number) => ({ id, type: id < 0 ? 'group' : 'private', ...(id < 0 ? { title: 'Group' } : { first_name: `User${id}` }) });

/** A message update from `fromId` in chat `chatId` with the given content. */
function messageFrom(chatId: number, fromId: number, content: Record<string, unknown>): Record<string, unknown> {
  return {
    update_id: (nextUpdateId += 1),
    message: { message_id: (nextMessageId += 1), date: 1_790_000_000, chat: chatOf(chatId), from: person(fromId), ...content },
  };
}

/** A text message update; a leading /command gets its bot_command entity, as Telegram sends it. */
export function messageUpdate(chatId: number, text: string, fromId = chatId): Record<string, unknown> {
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text)?.[0];
  return messageFrom(chatId, fromId, {
    text,
    ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
  });
}

/** A shared contact (the request_contact button sends the sender's own, with user_id = the sender). */
export function contactUpdate(
  chatId: number,
  phone: string,
  contactUserId: number | null = chatId,
  fromId = chatId,
): Record<string, unknown> {
  const userId = contactUserId === null ? {} : { user_id: contactUserId };
  return messageFrom(chatId, fromId, { contact: { phone_number: phone, first_name: `User${contactUserId ?? 0}`, ...userId } });
}

/** A button press on a message the bot sent to chatId. */
export function callbackUpdate(chatId: number, data: string, messageId = 1, fromId = chatId): Record<string, unknown> {
  return {
    update_id: (nextUpdateId += 1),
    callback_query: {
      id: `cb${nextUpdateId}`,
      from: person(fromId),
      chat_instance: `ci${chatId}`,
      data,
      message: {
        message_id: messageId,
        date: 1_790_000_000,
        chat: chatOf(chatId),
        from: { id: 123456789, is_bot: true, first_name: 'bot' },
        text: 'old text',
      },
    },
  };
}

/** The callback_data of every button of a recorded message, row by row flattened. */
export const buttonsOf = (call: TelegramCall | undefined): string[] =>
  (call?.reply_markup?.inline_keyboard ?? []).flat().map((button) => button.callback_data ?? '');
