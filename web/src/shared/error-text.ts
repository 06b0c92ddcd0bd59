/**
 * An API error in the page's language, chosen by its `code` (and, for
 * invalid input, by the field it names): the API's `detail` stays English for
 * integrators and never reaches a person. Used by the panels' fields and
 * messages (panel-ui's errorFor and generalError).
 */
import type { ErrorCode } from '@core/errors.js';
import { ApiError, NETWORK_ERROR } from './api.js';
import { defineMessages, getLang } from './i18n.js';

const errorMessages = defineMessages({
  ru: {
    network: 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    server: 'Сервис временно недоступен. Попробуйте чуть позже.',
    input: 'Проверьте, что введено.',
    field: 'Проверьте это поле.',
    phone: 'Нужен казахстанский номер: +7 и 10 цифр, например +7 701 123 45 67.',
    email: 'Проверьте адрес почты.',
    password: 'Пароль — не меньше 8 символов.',
    date: 'Выберите дату.',
    time: 'Выберите время.',
    slug: 'Этот адрес страницы нельзя взять: от 3 символов, латинские буквы, цифры и дефис (не в начале и не в конце), и не служебное слово.',
    wrong_password: 'Неверный текущий пароль.',
    invalid_credentials: 'Неверная почта или пароль.',
    not_authenticated: 'Сессия закончилась. Войдите снова.',
    forbidden: 'Это действие вам недоступно.',
    not_found: 'Не найдено: возможно, уже удалено. Обновите страницу.',
    slot_taken: 'Это время уже занято. Выберите другое.',
    slug_taken: 'Этот адрес страницы уже занят.',
    email_taken: 'Эта почта уже зарегистрирована.',
    conflict: 'Данные изменились. Обновите страницу и попробуйте снова.',
    proposal_pending: 'Клиенту уже предложено другое время: дождитесь ответа.',
    not_reschedulable: 'Эту запись уже нельзя перенести.',
    no_masters_available: 'Нет свободного мастера на это время.',
    rate_limited: 'Слишком много попыток подряд. Подождите минуту.',
    body_too_large: 'Слишком большой объём данных.',
    unreadable_file: 'Файл не удалось прочитать: сохраните его заново как XLSX или CSV.',
    captcha_failed: 'Пройдите проверку «я не робот» ещё раз.',
    reset_link_invalid: 'Ссылка устарела или уже использована. Запросите новую.',
    unavailable: 'Сервис временно недоступен. Данные не потеряны, попробуйте через минуту.',
    not_configured: 'Эта функция не настроена на сервере.',
    map_unavailable: 'Карта сейчас недоступна. Введите адрес вручную.',
    telegram_error: 'Telegram не ответил. Попробуйте позже.',
  },
  kk: {
    network: 'Сервермен байланыс жоқ. Интернетті тексеріп, қайталаңыз.',
    server: 'Қызмет уақытша қолжетімсіз. Сәл кейінірек көріңіз.',
    input: 'Енгізілгенді тексеріңіз.',
    field: 'Осы өрісті тексеріңіз.',
    phone: 'Қазақстан нөмірі керек: +7 және 10 сан, мысалы +7 701 123 45 67.',
    email: 'Пошта мекенжайын тексеріңіз.',
    password: 'Құпиясөз кемінде 8 таңба.',
    date: 'Күнді таңдаңыз.',
    time: 'Уақытты таңдаңыз.',
    slug: 'Бұл бет мекенжайын алуға болмайды: латын әріптері, сандар және сызықша керек, қызметтік сөз емес.',
    wrong_password: 'Ағымдағы құпиясөз қате.',
    invalid_credentials: 'Пошта немесе құпиясөз қате.',
    not_authenticated: 'Сеанс аяқталды. Қайта кіріңіз.',
    forbidden: 'Бұл әрекет сізге қолжетімсіз.',
    not_found: 'Табылмады: мүмкін, жойылған. Бетті жаңартыңыз.',
    slot_taken: 'Бұл уақыт бос емес. Басқасын таңдаңыз.',
    slug_taken: 'Бұл бет мекенжайы бос емес.',
    email_taken: 'Бұл пошта тіркелген.',
    conflict: 'Деректер өзгерді. Бетті жаңартып, қайталаңыз.',
    proposal_pending: 'Клиентке басқа уақыт ұсынылған: жауабын күтіңіз.',
    not_reschedulable: 'Бұл жазбаны енді ауыстыру мүмкін емес.',
    no_masters_available: 'Бұл уақытқа бос шебер жоқ.',
    rate_limited: 'Тым көп әрекет. Бір минут күтіңіз.',
    body_too_large: 'Деректер көлемі тым үлкен.',
    unreadable_file: 'Файлды оқу мүмкін болмады: оны XLSX немесе CSV ретінде қайта сақтаңыз.',
    captcha_failed: '«Робот емеспін» тексерісін қайта өтіңіз.',
    reset_link_invalid: 'Сілтеме ескірген немесе пайдаланылған. Жаңасын сұраңыз.',
    unavailable: 'Қызмет уақытша қолжетімсіз. Деректер сақталды, бір минуттан соң көріңіз.',
    not_configured: 'Бұл мүмкіндік серверде бапталмаған.',
    map_unavailable: 'Карта қазір қолжетімсіз. Мекенжайды қолмен енгізіңіз.',
    telegram_error: 'Telegram жауап бермеді. Кейінірек көріңіз.',
  },
  en: {
    network: 'No connection to the server. Check the internet and try again.',
    server: 'The service is temporarily unavailable. Please try again shortly.',
    input: 'Please check what you entered.',
    field: 'Please check this field.',
    phone: 'A Kazakhstan number is needed: +7 and 10 digits, e.g. +7 701 123 45 67.',
    email: 'Please check the e-mail address.',
    password: 'The password needs at least 8 characters.',
    date: 'Please choose a date.',
    time: 'Please choose a time.',
    slug: 'This page address cannot be used: Latin letters, digits and hyphens, and not a reserved word.',
    wrong_password: 'The current password is wrong.',
    invalid_credentials: 'Wrong e-mail or password.',
    not_authenticated: 'Your session has ended. Please log in again.',
    forbidden: 'This action is not available to you.',
    not_found: 'Not found: it may have been deleted. Reload the page.',
    slot_taken: 'This time is already taken. Please choose another.',
    slug_taken: 'This page address is already taken.',
    email_taken: 'This e-mail is already registered.',
    conflict: 'The data has changed. Reload the page and try again.',
    proposal_pending: 'Another time was already proposed to the client: wait for the answer.',
    not_reschedulable: 'This booking can no longer be moved.',
    no_masters_available: 'No specialist is free at this time.',
    rate_limited: 'Too many attempts. Please wait a minute.',
    body_too_large: 'Too much data.',
    unreadable_file: 'The file could not be read: save it again as XLSX or CSV.',
    captcha_failed: 'Please complete the robot check again.',
    reset_link_invalid: 'The link has expired or was used. Request a new one.',
    unavailable: 'The service is temporarily unavailable. Nothing was lost; try again in a minute.',
    not_configured: 'This feature is not configured on the server.',
    map_unavailable: 'The map is unavailable now. Type the address by hand.',
    telegram_error: 'Telegram did not answer. Try again later.',
  },
});

type Key = Parameters<ReturnType<typeof errorMessages>>[0];

/** Fields with words of their own when the input is refused (a field's last path segment). */
const FIELD_KEYS: Record<string, Key> = {
  phone: 'phone',
  email: 'email',
  password: 'password',
  new_password: 'password',
  current_password: 'wrong_password',
  date: 'date',
  time: 'time',
  slug: 'slug',
};

const CODE_KEYS: Partial<Record<ErrorCode, Key>> = {
  wrong_password: 'wrong_password',
  invalid_credentials: 'invalid_credentials',
  not_authenticated: 'not_authenticated',
  forbidden: 'forbidden',
  api_key_forbidden: 'forbidden',
  password_session_required: 'forbidden',
  not_found: 'not_found',
  route_not_found: 'not_found',
  slot_taken: 'slot_taken',
  slug_taken: 'slug_taken',
  email_taken: 'email_taken',
  conflict: 'conflict',
  idempotency_key_reused: 'conflict',
  proposal_pending: 'proposal_pending',
  not_reschedulable: 'not_reschedulable',
  no_masters_available: 'no_masters_available',
  rate_limited: 'rate_limited',
  body_too_large: 'body_too_large',
  unreadable_file: 'unreadable_file',
  captcha_failed: 'captcha_failed',
  captcha_unavailable: 'captcha_failed',
  reset_link_invalid: 'reset_link_invalid',
  unavailable: 'unavailable',
  not_configured: 'not_configured',
  map_unavailable: 'map_unavailable',
  telegram_error: 'telegram_error',
  invalid_json: 'input',
  unsupported_media_type: 'input',
  internal: 'server',
};

/** The words for a refused field (its name's last segment: `days.0.open` → open). */
export function fieldErrorText(field: string): string {
  const name = field.split('.').pop() ?? field;
  return errorMessages(getLang())(FIELD_KEYS[name] ?? 'field');
}

/** The words for a failed request, in the page's language. */
export function errorText(error: unknown): string {
  const t = errorMessages(getLang());
  if (!(error instanceof ApiError)) return t('server');
  if (error.status === NETWORK_ERROR) return t('network');
  const byCode = error.code && CODE_KEYS[error.code];
  if (byCode) return t(byCode);
  if (error.code === 'invalid_input') {
    const field = error.errors[0]?.field;
    return field ? fieldErrorText(field) : t('input');
  }
  // an answer without a code (a proxy's error page) tells only its status
  return t(error.status >= 500 || !error.code ? 'server' : 'input');
}
