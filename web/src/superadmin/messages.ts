/** Texts of /superadmin (Russian default, Kazakh, English). */
import { defineMessages } from '@shared/i18n';

const ru = {
  title: 'Платформа', loginTitle: 'Вход оператора платформы', username: 'Логин', password: 'Пароль', login: 'Войти',
  badLogin: 'Неверный логин или пароль', disabled: 'Вход оператора выключен: на сервере не заданы SUPERADMIN_USERNAME и SUPERADMIN_PASSWORD.',
  logout: 'Выйти', businesses: 'Салоны', bookings: 'Записи', loading: 'Загрузка…', noBusinesses: 'Салонов пока нет', noBookings: 'Записей нет',
  name: 'Салон', admin: 'Администратор', counts: 'Записи', created: 'Создан', telegram: 'Telegram', linked: 'подключён', notLinked: 'нет',
  seed: 'Создать демо-салон', seeded: 'Демо-салон {name} создан. Вход администратора:', resetPassword: 'Сбросить пароль',
  resetAsk: 'Сбросить пароль администратора {email}? Старый пароль перестанет работать, новый будет показан один раз.', resetYes: 'Да, сбросить',
  newPassword: 'Новый пароль для {email} (показывается один раз):', delete: 'Удалить', deleteTitle: 'Удалить салон {name}?',
  deleteHelp: 'Будут удалены салон, его мастера, услуги, клиенты, записи и администратор. Это нельзя отменить. Введите адрес салона «{slug}» для подтверждения:',
  confirmSlug: 'Адрес салона', deleteForever: 'Удалить навсегда', cancel: 'Отмена', close: 'Закрыть', business: 'Салон', all: 'Все',
  from: 'С', to: 'По', status: 'Статус', when: 'Когда', client: 'Клиент', service: 'Услуга', master: 'Мастер', price: 'Цена',
  total: 'всего', deleted: 'Салон {name} удалён', open: 'Открыть страницу',
  status_pending: 'Ожидает', status_confirmed: 'Подтверждена', status_completed: 'Завершена', status_cancelled: 'Отменена', status_rejected: 'Отклонена',
};
type Key = keyof typeof ru;

const kk: Record<Key, string> = {
  title: 'Платформа', loginTitle: 'Платформа операторының кіруі', username: 'Логин', password: 'Құпиясөз', login: 'Кіру',
  badLogin: 'Логин немесе құпиясөз қате', disabled: 'Оператор кіруі өшірулі: серверде SUPERADMIN_USERNAME және SUPERADMIN_PASSWORD берілмеген.',
  logout: 'Шығу', businesses: 'Салондар', bookings: 'Жазылулар', loading: 'Жүктелуде…', noBusinesses: 'Әзірге салон жоқ', noBookings: 'Жазылу жоқ',
  name: 'Салон', admin: 'Әкімші', counts: 'Жазылулар', created: 'Құрылған', telegram: 'Telegram', linked: 'қосылған', notLinked: 'жоқ',
  seed: 'Демо-салон құру', seeded: '{name} демо-салоны құрылды. Әкімші кіруі:', resetPassword: 'Құпиясөзді қалпына келтіру',
  resetAsk: '{email} әкімшісінің құпиясөзін қалпына келтіресіз бе? Ескі құпиясөз жұмыс істемей қалады, жаңасы бір рет көрсетіледі.', resetYes: 'Иә, қалпына келтіру',
  newPassword: '{email} үшін жаңа құпиясөз (бір рет көрсетіледі):', delete: 'Жою', deleteTitle: '{name} салонын жоясыз ба?',
  deleteHelp: 'Салон, оның шеберлері, қызметтері, клиенттері, жазылулары және әкімшісі жойылады. Мұны қайтару мүмкін емес. Растау үшін «{slug}» мекенжайын енгізіңіз:',
  confirmSlug: 'Салон мекенжайы', deleteForever: 'Біржола жою', cancel: 'Бас тарту', close: 'Жабу', business: 'Салон', all: 'Барлығы',
  from: 'Бастап', to: 'Дейін', status: 'Күйі', when: 'Қашан', client: 'Клиент', service: 'Қызмет', master: 'Шебер', price: 'Бағасы',
  total: 'барлығы', deleted: '{name} салоны жойылды', open: 'Бетті ашу',
  status_pending: 'Күтуде', status_confirmed: 'Расталған', status_completed: 'Аяқталған', status_cancelled: 'Болдырылмаған', status_rejected: 'Қабылданбаған',
};

const en: Record<Key, string> = {
  title: 'Platform', loginTitle: 'Platform operator log in', username: 'Username', password: 'Password', login: 'Log in',
  badLogin: 'Wrong username or password', disabled: 'Operator login is off: SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD are not set on the server.',
  logout: 'Log out', businesses: 'Businesses', bookings: 'Bookings', loading: 'Loading…', noBusinesses: 'No businesses yet', noBookings: 'No bookings',
  name: 'Business', admin: 'Admin', counts: 'Bookings', created: 'Created', telegram: 'Telegram', linked: 'linked', notLinked: 'no',
  seed: 'Create a demo business', seeded: 'Demo business {name} created. Its admin login:', resetPassword: 'Reset password',
  resetAsk: 'Reset the password of {email}? The old one stops working; the new one is shown once.', resetYes: 'Yes, reset',
  newPassword: 'New password for {email} (shown once):', delete: 'Delete', deleteTitle: 'Delete {name}?',
  deleteHelp: 'The business, its masters, services, clients, bookings and admin are deleted. This cannot be undone. Type the slug “{slug}” to confirm:',
  confirmSlug: 'Business slug', deleteForever: 'Delete for good', cancel: 'Cancel', close: 'Close', business: 'Business', all: 'All',
  from: 'From', to: 'To', status: 'Status', when: 'When', client: 'Client', service: 'Service', master: 'Master', price: 'Price',
  total: 'total', deleted: '{name} was deleted', open: 'Open page',
  status_pending: 'Pending', status_confirmed: 'Confirmed', status_completed: 'Completed', status_cancelled: 'Cancelled', status_rejected: 'Rejected',
};

export const messages = defineMessages<Key>({ ru, kk, en });
