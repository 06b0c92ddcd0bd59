/** The bot's texts for a master's chat (CONTRACT.md §16), Russian, Markdown as SPEC.md's messages. */
import { formatPhone } from '../../core/phone.js';
import { toldStatus } from '../../core/notices.js';
import type { BookingView } from '../bookings/view.js';
import { bookingLines, line, lines, md, STATUS_HEADINGS, when, type BusinessInfo } from './messages.js';

export const NO_ACCESS = 'Нет доступа';
export const MASTER_LINK_INVALID =
  'Ссылка недействительна. Попросите владельца салона открыть карточку мастера в панели и нажать «Подключить Telegram».';
export const PANEL_ONLY_FOR_MASTERS = 'Команда /panel работает в чате, подключённом к мастеру. Владелец входит в панель по паролю.';

const clientLines = (booking: BookingView): string =>
  lines(line('Клиент', booking.client.firstName), line('Телефон', formatPhone(booking.client.phone)));

export const masterLinkedText = (business: BusinessInfo, masterName: string): string =>
  lines(
    `✅ Уведомления для мастера ${md(masterName)} (${md(business.name)}) включены.`,
    '',
    'Сюда будут приходить ваши новые записи, подтверждения, отмены и переносы. Команда /panel присылает ссылку на ваш день в панели.',
  );

export const masterMovedAwayText = (masterName: string): string =>
  `ℹ️ Уведомления мастера ${md(masterName)} перенесены в другой чат. Этот чат их больше не получает.`;

export const masterUnlinkedText = (business: BusinessInfo, masterName: string): string =>
  `ℹ️ Владелец ${md(business.name)} отключил уведомления мастера ${md(masterName)} в этом чате.`;

/** SPEC.md's status-change rows, addressed to the booking's master; null when the masters hear nothing of it (core/notices.ts whoHears). */
export function masterStatusChangedText(booking: BookingView): string | null {
  const status = toldStatus('masters', booking.status);
  return status ? lines(STATUS_HEADINGS[status], '', clientLines(booking), bookingLines(booking)) : null;
}

/** CONTRACT.md §12's move notice, addressed to the booking's master. */
export const masterMovedText = (booking: BookingView, previousStart: string): string =>
  lines('🔄 *Запись ПЕРЕНЕСЕНА*', '', clientLines(booking), bookingLines(booking), line('Было', when(previousStart)));

export const panelLinkText = (url: string, minutes: number): string =>
  lines('🔐 *Вход в панель*', '', `Ссылка действует ${minutes} минут и открывается один раз:`, md(url));
