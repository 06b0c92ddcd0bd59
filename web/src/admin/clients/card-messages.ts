/** Texts of the client card and the live panel (waiting requests), apart from messages.ts so the two grow independently. */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  clientCard: 'Карточка клиента',
  openCard: 'Открыть карточку клиента {name}',
  call: 'Позвонить',
  whatsapp: 'WhatsApp',
  visits: 'Визитов',
  spent: 'Потратил',
  nextBooking: 'Следующая запись',
  history: 'История записей',
  noHistory: 'Записей пока нет',
  historyCapped: 'Показаны последние {n} записей',
  bookAgain: 'Записать снова',
  notesSaving: 'Сохраняю…',
  notesSaved: 'Сохранено',
  notesUnsaved: 'Заметка не сохранена',
  notesHint: 'Сохраняется сама, пока вы пишете',
};
type CardKey = keyof typeof ru;

const kk: Record<CardKey, string> = {
  clientCard: 'Клиент картасы',
  openCard: '{name} клиентінің картасын ашу',
  call: 'Қоңырау шалу',
  whatsapp: 'WhatsApp',
  visits: 'Келулер',
  spent: 'Жұмсағаны',
  nextBooking: 'Келесі жазылу',
  history: 'Жазылулар тарихы',
  noHistory: 'Әзірге жазылулар жоқ',
  historyCapped: 'Соңғы {n} жазылу көрсетілген',
  bookAgain: 'Қайта жазу',
  notesSaving: 'Сақталуда…',
  notesSaved: 'Сақталды',
  notesUnsaved: 'Жазба сақталмады',
  notesHint: 'Жазған кезде өзі сақталады',
};

const en: Record<CardKey, string> = {
  clientCard: 'Client card',
  openCard: 'Open the client card of {name}',
  call: 'Call',
  whatsapp: 'WhatsApp',
  visits: 'Visits',
  spent: 'Spent',
  nextBooking: 'Next booking',
  history: 'Booking history',
  noHistory: 'No bookings yet',
  historyCapped: 'The latest {n} bookings are shown',
  bookAgain: 'Book again',
  notesSaving: 'Saving…',
  notesSaved: 'Saved',
  notesUnsaved: 'The note is not saved',
  notesHint: 'Saved by itself as you type',
};

export const cardMessages = defineMessages<CardKey>({ ru, kk, en });
export const useCardT = (): Translate<CardKey> => useShared(cardMessages);
