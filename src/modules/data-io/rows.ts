/**
 * What the exported files hold, row by row (CONTRACT.md §14): Russian headers,
 * dates and times as the wall clock reads them (never through a JS Date), the
 * phone as stored digits (a leading + would start a formula in a spreadsheet).
 * Pure: the writers (CSV, XLSX) and their tests share it.
 */
import { datePart, fromDbTimestamp, timePart } from '../../core/wallclock.js';
import type { BookingStatus } from '../../db/schema.js';

export type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  /** Characters, for the XLSX column width. */
  width: number;
}

export const CLIENT_COLUMNS: ExportColumn[] = [
  { header: 'Имя', width: 24 },
  { header: 'Телефон', width: 14 },
  { header: 'Заметки', width: 40 },
  { header: 'Записей', width: 9 },
  { header: 'Последняя запись', width: 18 },
];

export interface ClientExportRow {
  firstName: string;
  phone: string;
  notes: string | null;
  bookingsCount: number;
  lastBookingAt: string | null;
}

/** The last booking as `YYYY-MM-DD HH:MM`: sorts as text, reads as a date. */
const dateTime = (naive: string): string => `${datePart(naive)} ${timePart(naive)}`;

export const clientCells = (row: ClientExportRow): Cell[] => [
  row.firstName,
  row.phone,
  row.notes,
  row.bookingsCount,
  row.lastBookingAt ? dateTime(fromDbTimestamp(row.lastBookingAt)) : null,
];

export const BOOKING_COLUMNS: ExportColumn[] = [
  { header: 'Дата', width: 11 },
  { header: 'Начало', width: 7 },
  { header: 'Конец', width: 7 },
  { header: 'Статус', width: 14 },
  { header: 'Услуга', width: 24 },
  { header: 'Мастер', width: 18 },
  { header: 'Клиент', width: 18 },
  { header: 'Телефон', width: 14 },
  { header: 'Цена', width: 9 },
  { header: 'Комментарий', width: 40 },
  { header: 'ID записи', width: 38 },
  // CONTRACT.md §20: the bookings of one visit share it; empty for a single booking.
  { header: 'ID визита', width: 38 },
];

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Ожидает',
  confirmed: 'Подтверждена',
  completed: 'Завершена',
  cancelled: 'Отменена',
  rejected: 'Отклонена',
};

export interface BookingExportRow {
  id: string;
  status: BookingStatus;
  startAt: string;
  endAt: string;
  priceSnapshot: number;
  notes: string | null;
  serviceName: string;
  masterName: string;
  clientFirstName: string;
  clientPhone: string;
  visitId?: string | null;
}

export function bookingCells(row: BookingExportRow): Cell[] {
  const start = fromDbTimestamp(row.startAt);
  const end = fromDbTimestamp(row.endAt);
  return [
    datePart(start),
    timePart(start),
    datePart(end) === datePart(start) ? timePart(end) : dateTime(end),
    STATUS_LABELS[row.status],
    row.serviceName,
    row.masterName,
    row.clientFirstName,
    row.clientPhone,
    row.priceSnapshot,
    row.notes,
    row.id,
    row.visitId ?? null,
  ];
}
