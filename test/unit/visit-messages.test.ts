/** The bot's texts about a visit (src/modules/bot/visit-messages.ts, CONTRACT.md §20): contents, and legacy Markdown that parses. */
import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../src/modules/bookings/view.js';
import {
  decidedVisitText,
  masterVisitMovedText,
  masterVisitStatusChangedText,
  visitMovedText,
  visitProposalAnsweredForClientText,
  visitRescheduleAnsweredText,
  visitRescheduleProposedText,
  visitStatusChangedText,
} from '../../src/modules/bot/visit-messages.js';
import { clientSubscribedText } from '../../src/modules/bot/messages.js';
import { itParsesWhateverTheUserTyped } from '../helpers/markdown-texts.js';

const item = (over: Partial<BookingView> = {}): BookingView => ({
  id: '0b7c3c4e-5d7f-4a59-9a7e-2f0d5b7c1a10',
  businessId: 1,
  status: 'confirmed',
  startAt: '2026-11-24T10:00:00',
  endAt: '2026-11-24T11:00:00',
  priceSnapshot: 5000,
  notes: null,
  visitId: '9b7c3c4e-5d7f-4a59-9a7e-2f0d5b7c1a10',
  createdAt: '2026-11-23T10:00:00',
  updatedAt: '2026-11-23T10:00:00',
  service: { id: 1, name: 'Стрижка', duration: 60, price: 5000 },
  master: { id: 2, name: 'Динара' },
  client: { id: 3, phone: '77015554433', firstName: 'Алия' },
  ...over,
});

const visit = (status: BookingView['status'] = 'confirmed', name?: string): BookingView[] => [
  item({ status, ...(name ? { service: { id: 1, name, duration: 60, price: 5000 }, master: { id: 2, name } } : {}) }),
  item({
    id: '1b7c3c4e-5d7f-4a59-9a7e-2f0d5b7c1a10',
    status,
    startAt: '2026-11-24T11:00:00',
    endAt: '2026-11-24T11:30:00',
    priceSnapshot: 3000,
    service: { id: 4, name: name ?? 'Борода', duration: 30, price: 3000 },
    master: { id: 5, name: name ?? 'Асель' },
    client: { id: 3, phone: '77015554433', firstName: name ?? 'Алия' },
  }),
];

const business = { name: 'Салон «Ажар»', phone: '+7 701 000 00 00', address: 'Алматы, Абая 10' };
/** A proposal made on the second item (11:00) to 16:30 the next day: the visit then starts at 15:30. */
const proposal = {
  oldDate: '2026-11-24',
  oldTime: '11:00',
  proposedDate: '2026-11-25',
  proposedTime: '16:30',
  expiresAt: '2026-11-24T10:00:00',
};

function allTexts(value: string): string[] {
  const items = visit('confirmed', value);
  const biz = { name: value, phone: value, address: value };
  const statuses = ['pending', 'confirmed', 'cancelled', 'completed', 'rejected'] as const;
  return [
    ...statuses.map((status) => visitStatusChangedText(biz, visit(status, value)) ?? ''),
    ...statuses.map((status) => masterVisitStatusChangedText(visit(status, value)) ?? ''),
    visitMovedText(biz, items, '2026-11-23T09:00:00'),
    masterVisitMovedText(items, '2026-11-23T09:00:00'),
    decidedVisitText(items, 'confirmed'),
    decidedVisitText(items, 'cancelled'),
    visitRescheduleProposedText(biz, items, proposal),
    visitProposalAnsweredForClientText(biz, items, true),
    visitProposalAnsweredForClientText(biz, items, false),
    visitRescheduleAnsweredText(items, proposal, true),
    visitRescheduleAnsweredText(items, proposal, false),
    clientSubscribedText(biz, items[0]!, items),
    clientSubscribedText(biz, items[0]!, [items[0]!, { ...items[1]!, status: 'cancelled' }]),
  ];
}

describe('every visit message parses whatever the names hold', () => {
  itParsesWhateverTheUserTyped(allTexts);
});

describe('contents', () => {
  it("a status change: SPEC.md's heading once, every item with its time, the total; pending and rejected send nothing", () => {
    const text = visitStatusChangedText(business, visit('confirmed'))!;
    for (const part of [
      'Запись ПОДТВЕРЖДЕНА',
      '2 услуги',
      '24.11.2026',
      '10:00 Стрижка, Динара',
      '11:00 Борода, Асель',
      '8 000 KZT',
      'Абая 10',
    ])
      expect(text).toContain(part);
    expect(text.match(/Запись ПОДТВЕРЖДЕНА/g)).toHaveLength(1);
    expect(visitStatusChangedText(business, visit('cancelled'))).toContain('Запись ОТМЕНЕНА');
    expect(visitStatusChangedText(business, visit('completed'))).toContain('Запись ЗАВЕРШЕНА');
    expect(visitStatusChangedText(business, visit('pending'))).toBeNull();
    expect(visitStatusChangedText(business, visit('rejected'))).toBeNull();
    expect(masterVisitStatusChangedText(visit('pending'))).toBeNull();
  });

  it('a move: the new times of every item and the old start', () => {
    const text = visitMovedText(business, visit(), '2026-11-23T09:00:00');
    for (const part of ['Запись ПЕРЕНЕСЕНА', '10:00 Стрижка', '11:00 Борода', '23.11.2026 09:00']) expect(text).toContain(part);
  });

  it('a proposal on the second item moves the whole visit by the same offset', () => {
    const text = visitRescheduleProposedText(business, visit(), proposal);
    for (const part of ['визит целиком', '24.11.2026 10:00', '25.11.2026 15:30', '15:30 Стрижка', '16:30 Борода'])
      expect(text).toContain(part);
    const declined = visitRescheduleAnsweredText(visit(), proposal, false);
    expect(declined).toContain('25.11.2026 15:30');
    expect(declined).toContain('24.11.2026 10:00');
  });

  it('/start client_ of a visit shows every item; items of different statuses say so', () => {
    const text = clientSubscribedText(business, visit('pending')[0]!, visit('pending'));
    for (const part of ['10:00 Стрижка', '11:00 Борода', '8 000 KZT', 'ожидает подтверждения']) expect(text).toContain(part);
    const [first, second] = visit('confirmed');
    expect(clientSubscribedText(business, first!, [first!, { ...second!, status: 'cancelled' }])).toContain('разные');
  });

  it('the decided notice says what was decided', () => {
    expect(decidedVisitText(visit('confirmed'), 'confirmed')).toContain('Вы подтвердили визит');
    expect(decidedVisitText(visit('cancelled'), 'cancelled')).toContain('Вы отклонили визит');
  });
});
