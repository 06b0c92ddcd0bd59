/** The texts of «Мои записи» in the mini app (CONTRACT.md §18). */
import { defineMessages } from '@shared/i18n';

export const myMessages = defineMessages({
  ru: {
    book: 'Записаться',
    mine: 'Мои записи',
    upcoming: 'Предстоящие',
    past: 'Прошедшие',
    none: 'Записей пока нет. Они появятся здесь после записи в этом мини-приложении.',
    again: 'Записаться снова',
    total: 'Итого',
    howToChange: 'Чтобы перенести или отменить запись, позвоните или напишите салону.',
  },
  kk: {
    book: 'Жазылу',
    mine: 'Менің жазбаларым',
    upcoming: 'Алдағы',
    past: 'Өткен',
    none: 'Әзірге жазба жоқ. Осы мини-қосымшада жазылғаннан кейін осында көрінеді.',
    again: 'Қайта жазылу',
    total: 'Барлығы',
    howToChange: 'Жазбаны ауыстыру немесе болдырмау үшін салонға қоңырау шалыңыз немесе жазыңыз.',
  },
  en: {
    book: 'Book',
    mine: 'My bookings',
    upcoming: 'Upcoming',
    past: 'Past',
    none: 'No bookings yet. They appear here once you book in this mini app.',
    again: 'Book again',
    total: 'Total',
    howToChange: 'To move or cancel a booking, call or message the salon.',
  },
});
