/**
 * Every text the bot sends, as pure functions (SPEC.md "Notifications" and
 * "Bot commands"). Legacy Markdown: labels are bold, user-supplied values
 * (names, notes, service and business names, addresses) always stay OUTSIDE
 * entities and are escaped with `md`, so a message parses whatever they hold.
 */
import type { BookingView } from '../bookings/view.js';
import { formatPhone } from '../../core/phone.js';
import { toldStatus, type NoticeStatus } from '../../core/notices.js';

export interface BusinessInfo {
  name: string;
  phone: string;
  address: string;
}

export interface ProposalInfo {
  oldDate: string;
  oldTime: string;
  proposedDate: string;
  proposedTime: string;
  expiresAt: string;
}

export interface SubscriptionLine {
  contextType: 'PROVIDER_BUSINESS' | 'CLIENT_PHONE' | 'CLIENT_BOOKING';
  /** What the subscription is about, already resolved (business name, phone, booking summary). */
  label: string;
}

export const ALREADY_HANDLED = 'Запись уже обработана';
export const PROPOSAL_EXPIRED = 'Предложение истекло';
export const NO_FREE_TIME = 'Нет доступного времени для переноса';
export const BOOKING_NOT_FOUND = 'Запись не найдена';
export const NOT_ALLOWED = 'Эта кнопка доступна только в чате, привязанном к бизнесу';
export const PROPOSAL_NOT_FOUND = 'Предложение не найдено';
export const PROPOSAL_ALREADY_ANSWERED = 'Предложение уже обработано';
export const PENDING_PROPOSAL_EXISTS = 'По этой записи уже есть предложение переноса, ожидающее ответа клиента';
export const CANNOT_RESCHEDULE = 'Перенести можно только ожидающую или подтверждённую запись';
export const TIME_TAKEN = 'Это время уже недоступно, выберите другое';

export const PROVIDER_LINK_INVALID =
  'Ссылка недействительна. Откройте ссылку подключения Telegram в панели управления бизнеса (раздел «Настройки»).';
export const SHARE_CONTACT_BUTTON = '📱 Поделиться номером';
export const FOREIGN_CONTACT = 'Подписаться можно только на свой номер: нажмите кнопку «Поделиться номером» ниже.';
/** CONTRACT.md §11 fourth pass: a number of another country code follows nothing. */
export const FOREIGN_COUNTRY_CONTACT =
  'Следить за записями можно только по номерам, начинающимся с +7 (Казахстан, Россия). Этот номер не подписан.';

/** Telegram refuses longer messages. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
/** A booking comment is shown up to this many characters (longer ones, stored before the limit, end with "…"). */
export const NOTE_SHOWN_LIMIT = 1000;

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/**
 * Cuts a user-supplied text to at most `max` UTF-16 units, the last one an ellipsis, never between the two
 * halves of an emoji (a lone half is not valid text: Telegram refuses or mangles it).
 */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = max - 1;
  if (end > 0 && isHighSurrogate(value.charCodeAt(end - 1))) end -= 1;
  return `${value.slice(0, end)}…`;
}

/**
 * The last guard before sending: texts are built so they fit, but a message over
 * Telegram's limit would be lost entirely, so it is cut at a line break and marked.
 */
export function fitMessage(text: string): string {
  if (text.length <= TELEGRAM_MESSAGE_LIMIT) return text;
  const head = text.slice(0, TELEGRAM_MESSAGE_LIMIT - 2);
  const cut = head.lastIndexOf('\n');
  return `${cut > 0 ? head.slice(0, cut) : head}\n…`;
}

/** Escapes the four characters legacy Markdown gives a meaning to, for text outside entities. */
export function md(value: string | number): string {
  return String(value).replace(/[_*`[]/g, '\\$&');
}

/** 'YYYY-MM-DD' or a naive date-time → 'DD.MM.YYYY'. */
export function formatDate(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

/** A naive date-time → 'HH:MM'. */
export const formatTime = (naive: string): string => naive.slice(11, 16);

/** 5000 → '5 000 KZT'; fractions keep two digits. */
export function formatPrice(price: number): string {
  const [whole, fraction] = (Number.isInteger(price) ? String(price) : price.toFixed(2)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${fraction ? `${grouped}.${fraction}` : grouped} KZT`;
}

export const line = (label: string, value: string): string => `*${label}:* ${md(value)}`;
export const lines = (...parts: (string | null | false | undefined)[]): string => parts.filter((p) => typeof p === 'string').join('\n');

export const when = (naive: string): string => `${formatDate(naive)} ${formatTime(naive)}`;

export function bookingLines(booking: BookingView): string {
  return lines(
    line('Услуга', booking.service.name),
    line('Мастер', booking.master.name),
    line('Дата', formatDate(booking.startAt)),
    line('Время', formatTime(booking.startAt)),
  );
}

/** New booking → provider (buttons are added by the keyboard module). */
export function newBookingText(booking: BookingView): string {
  const price = booking.priceSnapshot ?? booking.service.price;
  return lines(
    '🆕 *Новая запись*',
    '',
    line('Клиент', booking.client.firstName),
    line('Телефон', formatPhone(booking.client.phone)),
    bookingLines(booking),
    line('Стоимость', formatPrice(price)),
    booking.notes ? line('Комментарий', clip(booking.notes, NOTE_SHOWN_LIMIT)) : null,
  );
}

/** A visit's items, one numbered line each: start time, service, master, price (CONTRACT.md §20). */
export const visitItemLines = (items: readonly BookingView[]): string[] =>
  items.map((item, index) =>
    line(`${index + 1}`, `${formatTime(item.startAt)} ${item.service.name}, ${item.master.name}, ${formatPrice(item.priceSnapshot)}`),
  );

/**
 * CONTRACT.md §20: one new-visit notice listing every item (service, master, time, price) and the total;
 * a master's notice lists that master's items only (with the visit's total of them).
 */
export function newVisitText(items: readonly BookingView[]): string {
  const first = items[0]!;
  const total = items.reduce((sum, item) => sum + item.priceSnapshot, 0);
  return lines(
    `🆕 *Новый визит: ${items.length} ${items.length < 5 ? 'услуги' : 'услуг'}*`,
    '',
    line('Клиент', first.client.firstName),
    line('Телефон', formatPhone(first.client.phone)),
    line('Дата', formatDate(first.startAt)),
    ...visitItemLines(items),
    line('Итого', formatPrice(total)),
    first.notes ? line('Комментарий', clip(first.notes, NOTE_SHOWN_LIMIT)) : null,
  );
}

/** The provider's new-booking message after a button press: same details, decision instead of buttons. */
export function decidedBookingText(booking: BookingView, status: 'confirmed' | 'cancelled'): string {
  const verdict = status === 'confirmed' ? '✅ *Вы подтвердили запись*' : '❌ *Вы отклонили запись*';
  return `${newBookingText(booking)}\n\n${verdict}`;
}

/** SPEC.md's status-change headings, one per status that notifies (core/notices.ts whoHears): the client's and the masters' texts open with them. */
export const STATUS_HEADINGS: Record<NoticeStatus, string> = {
  confirmed: '✅ *Запись ПОДТВЕРЖДЕНА*',
  cancelled: '❌ *Запись ОТМЕНЕНА*',
  completed: '🎉 *Запись ЗАВЕРШЕНА*',
};

/** SPEC.md's closing line of a status change to the client; the details (one booking or a visit's items) go between. */
export function clientStatusText(business: BusinessInfo, status: NoticeStatus, details: string): string {
  switch (status) {
    case 'confirmed':
      return lines(STATUS_HEADINGS.confirmed, '', details, business.address ? line('Адрес', business.address) : null, '', 'Ждём вас!');
    case 'cancelled':
      return lines(
        STATUS_HEADINGS.cancelled,
        '',
        details,
        '',
        `Пожалуйста, свяжитесь с ${md(business.name)}${business.phone ? ` по телефону ${md(business.phone)}` : ''}, чтобы выбрать другое время.`,
      );
    case 'completed':
      return lines(STATUS_HEADINGS.completed, '', details, '', `Спасибо, что выбрали ${md(business.name)}!`);
  }
}

/** Status change → client; null when the client hears nothing of this status (core/notices.ts whoHears). */
export function statusChangedText(business: BusinessInfo, booking: BookingView): string | null {
  const status = toldStatus('client', booking.status);
  return status ? clientStatusText(business, status, lines(line('Бизнес', business.name), bookingLines(booking))) : null;
}

/** CONTRACT.md §12: the owner moved a booking → client; the new date and time, and the old ones. */
export function bookingMovedText(business: BusinessInfo, booking: BookingView, previousStart: string): string {
  return lines(
    '🔄 *Запись ПЕРЕНЕСЕНА*',
    '',
    line('Бизнес', business.name),
    bookingLines(booking),
    line('Было', when(previousStart)),
    business.address ? line('Адрес', business.address) : null,
    '',
    `Если новое время не подходит, свяжитесь с ${md(business.name)}${business.phone ? ` по телефону ${md(business.phone)}` : ''}.`,
  );
}

const STATUS_NAMES: Record<string, string> = {
  pending: 'ожидает подтверждения',
  confirmed: 'подтверждена',
  completed: 'завершена',
  cancelled: 'отменена',
  rejected: 'отклонена',
};

/**
 * /start client_{booking_id}: the booking as it stands; the text depends on its status. A booking of a visit
 * (CONTRACT.md §20, `visit` its items in order) shows the whole visit, its status the items' common one.
 */
export function clientSubscribedText(business: BusinessInfo, booking: BookingView, visit: readonly BookingView[] = []): string {
  if (visit.length > 1) {
    const common = visit.every((item) => item.status === visit[0]!.status) ? visit[0]!.status : undefined;
    return clientSubscribedLines(business, common, [
      line('Дата', formatDate(visit[0]!.startAt)),
      ...visitItemLines(visit),
      line('Итого', formatPrice(visit.reduce((sum, item) => sum + item.priceSnapshot, 0))),
    ]);
  }
  return clientSubscribedLines(business, booking.status, [bookingLines(booking)]);
}

/** `status` undefined: the items of a visit differ (one was changed alone). */
function clientSubscribedLines(business: BusinessInfo, status: string | undefined, details: string[]): string {
  const intro: Record<string, string> = {
    pending: 'Ваша запись ожидает подтверждения. Мы сообщим, когда её подтвердят.',
    confirmed: 'Ваша запись подтверждена. Ждём вас!',
    completed: 'Эта запись уже завершена. Спасибо, что были у нас!',
    cancelled: 'Эта запись отменена. Свяжитесь с бизнесом, чтобы выбрать другое время.',
    rejected: 'Эта запись отклонена. Свяжитесь с бизнесом, чтобы выбрать другое время.',
  };
  return lines(
    '🔔 *Уведомления по записи включены*',
    '',
    status === undefined ? 'Статусы услуг визита различаются: мы сообщим о каждом изменении.' : (intro[status] ?? ''),
    '',
    line('Бизнес', business.name),
    ...details,
    line('Статус', status === undefined ? 'разные' : (STATUS_NAMES[status] ?? status)),
    business.address ? line('Адрес', business.address) : null,
    '',
    'Чтобы получать уведомления обо всех записях на ваш номер, нажмите «Поделиться номером» ниже.',
  );
}

/** Reschedule proposal → client (accept/decline buttons are added by the keyboard module). */
export function rescheduleProposedText(business: BusinessInfo, booking: BookingView, proposal: ProposalInfo): string {
  return lines(
    '🔄 *Предложение перенести запись*',
    '',
    `${md(business.name)} предлагает перенести вашу запись.`,
    '',
    line('Услуга', booking.service.name),
    line('Мастер', booking.master.name),
    line('Было', `${formatDate(proposal.oldDate)} ${proposal.oldTime}`),
    line('Предлагается', `${formatDate(proposal.proposedDate)} ${proposal.proposedTime}`),
    '',
    `Ответьте до ${md(when(proposal.expiresAt))}.`,
  );
}

/** The client's message after answering a proposal (buttons removed). */
export function proposalAnsweredForClientText(
  business: BusinessInfo,
  booking: BookingView,
  proposal: ProposalInfo,
  accepted: boolean,
): string {
  return accepted
    ? lines(
        '✅ *Вы приняли перенос*',
        '',
        line('Бизнес', business.name),
        line('Услуга', booking.service.name),
        line('Новое время', `${formatDate(proposal.proposedDate)} ${proposal.proposedTime}`),
      )
    : lines(
        '❌ *Вы отклонили перенос*',
        '',
        line('Бизнес', business.name),
        line('Услуга', booking.service.name),
        line('Время записи', when(booking.startAt)),
      );
}

/** Reschedule result → provider. `booking` is the booking after the answer. */
export function rescheduleAnsweredText(booking: BookingView, proposal: ProposalInfo, accepted: boolean): string {
  const who = lines(
    line('Клиент', booking.client.firstName),
    line('Телефон', formatPhone(booking.client.phone)),
    line('Услуга', booking.service.name),
  );
  return accepted
    ? lines('✅ *Клиент подтвердил перенос*', '', who, line('Новое время', when(booking.startAt)))
    : lines(
        '❌ *Клиент отклонил перенос*',
        '',
        who,
        line('Предлагалось', `${formatDate(proposal.proposedDate)} ${proposal.proposedTime}`),
        line('Текущее время', when(booking.startAt)),
      );
}

/** Super-admin password reset → provider. A password with a backtick cannot sit in a code entity. */
export function passwordResetText(business: BusinessInfo, password: string): string {
  const shown = password.includes('`') ? md(password) : `\`${password}\``;
  return lines(
    '🔑 *Пароль сброшен*',
    '',
    `Администратор платформы сбросил пароль для входа в панель бизнеса ${md(business.name)}.`,
    `*Новый пароль:* ${shown}`,
    '',
    'Рекомендуем войти и сразу сменить его на свой.',
  );
}

export const welcomeText = (): string =>
  lines(
    '👋 *Добро пожаловать!*',
    '',
    'Я бот онлайн-записи. Я присылаю уведомления о записях: владельцам бизнеса — о новых записях, клиентам — о подтверждении, отмене и переносе.',
    '',
    'Откройте ссылку из подтверждения записи, чтобы подписаться на её уведомления. Список команд: /help',
  );

export const helpText = (): string =>
  lines(
    '*Команды*',
    '',
    '/start — начать',
    '/status — мои подписки',
    '/unsubscribe — отключить все уведомления',
    '/help — эта справка',
    '',
    'Ссылки вида /start client\\_… и /start subscribe\\_… подписывают на уведомления о записи; /start provider\\_… привязывает чат к бизнесу.',
  );

export const providerLinkedText = (business: BusinessInfo): string =>
  lines(
    `✅ Уведомления для бизнеса ${md(business.name)} включены.`,
    '',
    'Сюда будут приходить новые записи с кнопками подтверждения, отклонения и переноса. Ниже — QR-код страницы записи для ваших клиентов.',
  );

export const providerMovedAwayText = (business: BusinessInfo): string =>
  `ℹ️ Уведомления бизнеса ${md(business.name)} перенесены в другой чат. Этот чат их больше не получает.`;

export const qrCaption = (url: string): string => `📱 QR-код для записи клиентов: ${md(url)}`;

export const shareContactText = (): string =>
  lines(
    '📱 *Уведомления о записях*',
    '',
    'Чтобы получать уведомления о записях на ваш номер, нажмите кнопку «Поделиться номером» ниже: Telegram подтвердит, что номер ваш.',
  );

export const providerUnlinkedText = (business: BusinessInfo): string =>
  `ℹ️ Telegram отключён от бизнеса ${md(business.name)} в панели управления. Этот чат больше не получает его уведомления.`;

/** Forgotten password → the business's linked chat. The link carries a single-use token. */
export const passwordResetLinkText = (business: BusinessInfo, link: string, minutes: number): string =>
  lines(
    '🔑 *Восстановление пароля*',
    '',
    `Кто-то запросил смену пароля панели бизнеса ${md(business.name)}. Чтобы задать новый пароль, откройте ссылку (действует ${minutes} минут, один раз):`,
    md(link),
    '',
    'Если это были не вы, просто проигнорируйте сообщение.',
  );

export const phoneSubscribedText = (phone: string, bookings: number): string =>
  lines(`🔔 Уведомления для номера ${md(formatPhone(phone))} включены.`, `Активных записей найдено: ${bookings}.`);

export const unsubscribedText = (count: number): string =>
  count === 0 ? 'У вас не было активных подписок.' : `🔕 Уведомления отключены. Деактивировано подписок: ${count}.`;

const CONTEXT_NAMES: Record<SubscriptionLine['contextType'], string> = {
  PROVIDER_BUSINESS: 'Бизнес',
  CLIENT_PHONE: 'Телефон',
  CLIENT_BOOKING: 'Запись',
};

export function statusText(subscriptions: readonly SubscriptionLine[]): string {
  if (subscriptions.length === 0) return 'Активных подписок нет. Список команд: /help';
  return lines(
    `*Активные подписки (${subscriptions.length}):*`,
    ...subscriptions.map((s) => `• ${CONTEXT_NAMES[s.contextType]}: ${md(s.label)}`),
  );
}

/** A CLIENT_BOOKING line of /status. */
export const bookingLabel = (booking: BookingView): string => `${booking.service.name}, ${when(booking.startAt)}`;

export const chooseHourText = (booking: BookingView): string =>
  lines(
    '🔄 *Перенос записи*',
    '',
    line('Клиент', booking.client.firstName),
    line('Сейчас', when(booking.startAt)),
    '',
    `Выберите час на ${formatDate(booking.startAt)}:`,
  );

export const chooseMinuteText = (booking: BookingView, hour: string): string =>
  lines(
    '🔄 *Перенос записи*',
    '',
    line('Клиент', booking.client.firstName),
    line('Сейчас', when(booking.startAt)),
    '',
    `Выберите время в ${hour}:xx:`,
  );

export const proposalCreatedText = (booking: BookingView, date: string, time: string, notified: boolean): string =>
  lines(
    '🔄 *Предложение переноса создано*',
    '',
    line('Клиент', booking.client.firstName),
    line('Сейчас', when(booking.startAt)),
    line('Предложено', `${formatDate(date)} ${time}`),
    '',
    notified ? 'Клиент получил предложение и ответит в боте.' : 'Клиент не подписан на уведомления бота: сообщите ему о переносе сами.',
  );
