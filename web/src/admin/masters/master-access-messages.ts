/** Texts of masters' own access (CONTRACT.md §16): the owner's side and the master's day, apart from messages.ts. */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  connectMasterTelegram: 'Подключить Telegram',
  masterTelegramTitle: 'Telegram мастера {name}',
  masterTelegramHelp:
    'Отправьте эту ссылку мастеру или покажите QR-код. Мастер откроет её в Telegram и нажмёт «Старт»: ему начнут приходить его записи, а в мини-приложении откроется его день.',
  masterTelegramLinked: 'Telegram подключён',
  masterTelegramNotLinked: 'Telegram не подключён',
  masterTelegramNewLink: 'Новая ссылка',
  masterTelegramUnlink: 'Отключить',
  masterTelegramUnlinked: 'Telegram мастера отключён, его вход в панель закрыт.',
  masterTelegramRotated: 'Готово: старая ссылка больше не работает, мастеру нужно войти заново.',
  masterTelegramLinkLabel: 'Ссылка для мастера',
  hide: 'Скрыть',
  mastersDecide: 'Мастера могут сами подтверждать и переносить записи',
  mastersDecideHelp:
    'Если включено, мастер в Telegram и в своей панели подтверждает, отклоняет и предлагает другое время — только для своих записей. Если выключено, мастер только видит свои записи.',
  mastersDecideSaved: 'Сохранено',
};
type Key = keyof typeof ru;

const kk: Record<Key, string> = {
  connectMasterTelegram: 'Telegram қосу',
  masterTelegramTitle: '{name} шеберінің Telegram-ы',
  masterTelegramHelp:
    'Бұл сілтемені шеберге жіберіңіз немесе QR-кодты көрсетіңіз. Шебер оны Telegram-да ашып, «Бастау» түймесін басады: оған өз жазбалары келе бастайды, ал мини-қосымшада өз күні ашылады.',
  masterTelegramLinked: 'Telegram қосылған',
  masterTelegramNotLinked: 'Telegram қосылмаған',
  masterTelegramNewLink: 'Жаңа сілтеме',
  masterTelegramUnlink: 'Ажырату',
  masterTelegramUnlinked: 'Шебердің Telegram-ы ажыратылды, оның панельге кіруі жабылды.',
  masterTelegramRotated: 'Дайын: ескі сілтеме енді жұмыс істемейді, шебер қайта кіруі керек.',
  masterTelegramLinkLabel: 'Шеберге арналған сілтеме',
  hide: 'Жасыру',
  mastersDecide: 'Шеберлер жазбаларды өздері растап, ауыстыра алады',
  mastersDecideHelp:
    'Қосулы болса, шебер Telegram-да және өз панелінде тек өз жазбаларын растайды, қабылдамайды және басқа уақыт ұсынады. Өшірулі болса, шебер өз жазбаларын тек көреді.',
  mastersDecideSaved: 'Сақталды',
};

const en: Record<Key, string> = {
  connectMasterTelegram: 'Connect Telegram',
  masterTelegramTitle: "{name}'s Telegram",
  masterTelegramHelp:
    'Send this link to the master or show the QR code. The master opens it in Telegram and taps Start: their bookings start arriving there, and the mini app opens on their day.',
  masterTelegramLinked: 'Telegram connected',
  masterTelegramNotLinked: 'Telegram not connected',
  masterTelegramNewLink: 'New link',
  masterTelegramUnlink: 'Disconnect',
  masterTelegramUnlinked: "The master's Telegram is disconnected and their panel login closed.",
  masterTelegramRotated: 'Done: the old link no longer works, the master must log in again.',
  masterTelegramLinkLabel: 'Link for the master',
  hide: 'Hide',
  mastersDecide: 'Masters may confirm and move their own bookings',
  mastersDecideHelp:
    'When on, a master confirms, rejects and proposes another time in Telegram and in their panel, for their own bookings only. When off, masters only see their bookings.',
  mastersDecideSaved: 'Saved',
};

export const masterAccessMessages = defineMessages<Key>({ ru, kk, en });

export const useMasterT = (): Translate<Key> => useShared(masterAccessMessages);
