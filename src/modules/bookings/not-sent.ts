/**
 * Notifications that did not go out, by reason: counted for /metrics
 * (notifications_not_sent_total{reason}) and logged at most once a second per
 * reason with a count, so a Telegram that refuses everything writes a line a
 * second, not one per message. No message text, phone or chat id is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PerSecondLog } from '../../http/per-second-log.js';

export type NotSentReason = 'bot_off' | 'no_subscription' | 'rate_limited' | 'timeout' | 'telegram_error';

export class NotSent {
  readonly counts = new Map<NotSentReason, number>();
  readonly #lines: PerSecondLog | undefined;

  /** `log` undefined: counted only (the bot-off case, said once at start by the start-up summary). */
  constructor(log: FastifyBaseLogger | undefined) {
    this.#lines =
      log &&
      new PerSecondLog(log, {
        first: (reason) => `notification not sent (${reason}); further ones are counted per second`,
        more: (reason, count) => `${count} more notifications not sent (${reason}) in the last second`,
      });
  }

  note(reason: NotSentReason, fields: Record<string, unknown> = {}): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
    this.#lines?.note(reason, fields);
  }

  close(): void {
    this.#lines?.close();
  }
}
