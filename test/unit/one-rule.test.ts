/**
 * One rule, one place (issue #50): the 15-minute grid of start times (core/start-times.ts START_STEP),
 * "any master" (core/any-master.ts: who may take it, who does), "not before now"
 * (core/booking-window.ts notBeforeNow), which chats hear about a booking (bookings/recipients.queries.ts
 * and bot/recipients.ts) and which statuses notify (core/notices.ts whoHears, its headings in
 * bot/messages.ts) and an Idempotency-Key's replay (bookings/idempotency.ts withIdempotency: the same
 * caller's key answers the first request, another body is 409) are each defined once; the server, the bot
 * and the pages import them or ask the server. A second definition that can be recognised in the source fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Rule {
  name: string;
  /** The files where the rule lives: the only ones allowed to spell it out. */
  homes: string[];
  /** What a copy of the rule looks like in the source (a line may match more than one). */
  copies: RegExp[];
  /** Old copies samples the detector must recognise: proof it still sees what it is meant to. */
  samples: string[];
  /** Lines that only look like the rule (a use of it, another rule): the detector must let them pass. */
  passes?: string[];
}

const RULES: Rule[] = [
  {
    name: 'the 15-minute step',
    homes: ['src/core/start-times.ts'],
    copies: [/\b\w*(?:step|STEP|Step|SNAP)\w*\s*(?:=|:|\?\?)\s*15\b/, /\/\s*15\)\s*\*\s*15\b/],
    samples: ['export const BOT_STEP_MINUTES = 15;', '  step = 15,', 'const step = options.step ?? 15;', '{ step: 15, notBefore }'],
  },
  {
    name: '"any master"',
    homes: ['src/core/any-master.ts'],
    copies: [
      // "the masters linked to the service, else all": X.length > 0 ? X : (all masters)
      /(\w+)\.length(?:\s*>\s*0|\s*!==\s*0)?\s*\?\s*\1\s*:\s*(?:\[\.\.\.)?\w*(?:master|active|all)\w*/i,
      // who takes it: the lowest price first (CONTRACT.md §19)
      /\bprice\s*-\s*\w+\.price\s*\|\|/,
    ],
    samples: ['  return linked.length > 0 ? linked : [...masters];', 'const rank = (a, b) => a.price - b.price || a.id - b.id;'],
  },
  {
    name: '"not before now"',
    homes: ['src/core/booking-window.ts'],
    copies: [/\bnotBefore\s*(?::|=(?!=))\s*(?!\s*(?:notBefore\b|options\.notBefore\b|undefined\b|number\b))(?![^,;}\n]*notBefore\w+\()/],
    samples: [
      'const notBefore = date === today ? toMinutes(timePart(now)) + 1 : 0;',
      'return { notBefore: date === now.date ? now.minutes : 0, bufferAfter };',
      'const options = { notBefore: minuteOfDay(now, date), bufferAfter };',
    ],
    passes: [
      '  const notBefore = notBeforeNow(now.at, date);',
      "notBefore: entrance === 'public' ? notBeforeNow(now, date) : undefined,",
      '            notBefore: options.notBefore,',
    ],
  },
  {
    name: 'which chats hear about a booking',
    homes: ['src/modules/bookings/recipients.queries.ts', 'src/modules/bot/recipients.ts'],
    copies: [
      // a subscription's chat read: the provider's, a phone's or a booking's followers
      /SELECT\s+\$\{subscriptions\.messengerChatId\}/,
      /select\(\{[^}]*:\s*subscriptions\.messengerChatId\b/,
      /SELECT\s+(?:\w+\.)?messenger_chat_id\s+FROM\s+subscriptions\b/i,
      // the client's own number (CONTRACT.md §11), from either side: its chats, or a chat's phones
      /contextType,\s*'CLIENT_PHONE'/,
      /context_type\s*=\s*'CLIENT_PHONE'/i,
      /\bactiveChats\(/,
      // the masters' linked chats (§16)
      /telegram_chat_id\s+IS\s+NOT\s+NULL/i,
    ],
    samples: [
      '      providerChats: sql<string[]>`array(SELECT ${subscriptions.messengerChatId} FROM ${subscriptions}',
      "        eq(subscriptions.contextType, 'CLIENT_PHONE'),",
      "  const byPhone = await activeChats(db, 'CLIENT_PHONE', phoneVariants(items[0]!.client.phone));",
      '    .select({ chatId: subscriptions.messengerChatId })',
      '        WHERE m.business_id = ${businesses.id} AND m.telegram_chat_id IS NOT NULL AND NOT m.archived)`,',
    ],
    // a subscription made or removed, a chat shown, the lockdown unlinking every master
    passes: [
      "  await subscribe(db, 'CLIENT_PHONE', phone, chatId, 'contact');",
      "          and(eq(subscriptions.contextType, 'CLIENT_BOOKING'), inArray(subscriptions.contextRef, bookingIds)),",
      '            messenger_chat_id: row.messengerChatId,',
      '  const linkedMasters = and(eq(masters.businessId, business.id), isNotNull(masters.telegramChatId));',
    ],
  },
  {
    name: 'which statuses notify',
    homes: ['src/core/notices.ts'],
    // confirmed, cancelled and completed listed together without the two that send nothing
    copies: [/^(?=.*'confirmed')(?=.*'cancelled')(?=.*'completed')(?!.*'pending')(?!.*'rejected')/],
    samples: [
      "      return change.status === 'confirmed' || change.status === 'cancelled' || change.status === 'completed'",
      "const NOTIFYING = new Set(['completed', 'confirmed', 'cancelled']);",
    ],
    // every status, another rule's pair, a use
    passes: [
      "export const bookingStatuses = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected'] as const;",
      "export const countsAsRevenue = (status: string): boolean => status === 'confirmed' || status === 'completed';",
      "  const status = toldStatus('client', booking.status);",
    ],
  },
  {
    name: 'the status-change headings',
    homes: ['src/modules/bot/messages.ts'],
    copies: [/\*Запись (?:ПОДТВЕРЖДЕНА|ОТМЕНЕНА|ЗАВЕРШЕНА)\*/],
    samples: ["  confirmed: '✅ *Запись ПОДТВЕРЖДЕНА*',", "      return lines('🎉 *Запись ЗАВЕРШЕНА*', '', details);"],
  },
  {
    name: "an Idempotency-Key's replay",
    homes: ['src/modules/bookings/idempotency.ts'],
    // the caller's namespace, the stored key looked up, the other body refused
    copies: [/\bcallerIdempotencyKey\(/, /\bfindIdempotentBooking\(/, /new DomainError\('idempotency_key_reused'/],
    samples: [
      '  const key = callerIdempotencyKey(provider, idempotencyKey);',
      '  const previous = await findIdempotentBooking(db, business.id, key);',
      "    throw new DomainError('idempotency_key_reused', 'Idempotency-Key was already used with a different request');",
    ],
    // a use: the use case asks the rule, a raced insert asks for the winner; the code's status
    passes: [
      "  return withIdempotency(repeatableVisit(ctx.db, business, input, 'owner'), provider, idempotencyKey, (key) =>",
      '      const winner = await replayOf(idempotencyKey, repeatableBooking(ctx.db, business, input, entrance));',
      '  idempotency_key_reused: 409,',
    ],
  },
];

const files = [...sources(join(root, 'src')), ...sources(join(root, 'web/src'))]
  .map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') }))
  .filter((file) => file.name !== 'web/src/shared/api-types.ts');

/** The files outside the rule's home with a line that copies it. */
function copiesOf(rule: Rule): string[] {
  const found = new Set<string>();
  for (const file of files) {
    if (rule.homes.includes(file.name)) continue;
    for (const line of file.text.split('\n')) {
      if (line.trimStart().startsWith('*') || line.trimStart().startsWith('//')) continue;
      if (rule.copies.some((copy) => copy.test(line))) found.add(file.name);
    }
  }
  return [...found].sort();
}

describe('one rule, one place', () => {
  it('reads the sources', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  for (const rule of RULES) {
    it(`${rule.name} is defined only in ${rule.homes.join(' and ')}`, () => {
      expect(copiesOf(rule)).toEqual([]);
      for (const home of rule.homes) expect(files.some((file) => file.name === home)).toBe(true);
    });

    it(`the detector of ${rule.name} recognises the old copies`, () => {
      for (const sample of rule.samples)
        expect(
          rule.copies.some((copy) => copy.test(sample)),
          sample,
        ).toBe(true);
    });

    it(`the detector of ${rule.name} lets its uses pass`, () => {
      for (const use of rule.passes ?? [])
        expect(
          rule.copies.some((copy) => copy.test(use)),
          use,
        ).toBe(false);
    });
  }
});
