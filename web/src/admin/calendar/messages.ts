/** Texts of the calendar: its toolbar, grid, list view and legend. */
import { defineMessages, useT, type Translate } from '@shared/i18n';

const ru = {
  bookingsCount: 'записей: {n}',
  calendar: 'Календарь записей',
  closedHours: 'Нерабочее время',
  day: 'День',
  legend: 'Обозначения',
  next: 'Вперёд',
  noMastersYet: 'Добавьте мастеров, чтобы увидеть календарь',
  overlap: 'Пересечение записей',
  pickDate: 'Выбрать дату',
  previous: 'Назад',
  view: 'Вид',
  week: 'Неделя',
  calendarHint: 'Нажмите на свободное время, чтобы записать клиента; перетащите запись, чтобы перенести.',
  calendarHintPhone: 'Нажмите на свободное время, чтобы записать клиента.',
  allMasters: 'Все мастера',
  dayListEmpty: 'Записей нет',
  salonClosed: 'Выходной',
  salonClosedNote: 'Выходной: {note}',
  masterOff: '{master} — выходной',
  masterOffNote: '{master} — выходной: {note}',
};

type Key = keyof typeof ru;

const kk: Record<Key, string> = {
  bookingsCount: 'жазылу: {n}',
  calendar: 'Жазылулар күнтізбесі',
  closedHours: 'Жұмыстан тыс уақыт',
  day: 'Күн',
  legend: 'Белгілер',
  next: 'Алға',
  noMastersYet: 'Күнтізбені көру үшін шеберлер қосыңыз',
  overlap: 'Жазылулар қиылысады',
  pickDate: 'Күнді таңдау',
  previous: 'Артқа',
  view: 'Көрініс',
  week: 'Апта',
  calendarHint: 'Клиентті жазу үшін бос уақытты басыңыз; ауыстыру үшін жазылуды сүйреңіз.',
  calendarHintPhone: 'Клиентті жазу үшін бос уақытты басыңыз.',
  allMasters: 'Барлық шеберлер',
  dayListEmpty: 'Жазылу жоқ',
  salonClosed: 'Демалыс күні',
  salonClosedNote: 'Демалыс күні: {note}',
  masterOff: '{master} — демалыс',
  masterOffNote: '{master} — демалыс: {note}',
};

const en: Record<Key, string> = {
  bookingsCount: '{n} bookings',
  calendar: 'Booking calendar',
  closedHours: 'Closed',
  day: 'Day',
  legend: 'Legend',
  next: 'Next',
  noMastersYet: 'Add masters to see the calendar',
  overlap: 'Overlapping bookings',
  pickDate: 'Pick a date',
  previous: 'Previous',
  view: 'View',
  week: 'Week',
  calendarHint: 'Click a free time to book a client; drag a booking to move it.',
  calendarHintPhone: 'Tap a free time to book a client.',
  allMasters: 'All masters',
  dayListEmpty: 'No bookings',
  salonClosed: 'Closed',
  salonClosedNote: 'Closed: {note}',
  masterOff: '{master} — day off',
  masterOffNote: '{master} — day off: {note}',
};

export const calendarMessages = defineMessages<Key>({ ru, kk, en });
export const useCalendarT = (): Translate<Key> => useT(calendarMessages);
