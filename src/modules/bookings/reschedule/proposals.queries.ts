import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { bookings, rescheduleProposals, type ProposalStatus } from '../../../db/schema.js';
import type { ProposalView } from '../notifier.js';
import { fromDbTimestamp } from '../../../core/wallclock.js';

type ProposalRow = typeof rescheduleProposals.$inferSelect;

export function toProposalView(row: ProposalRow): ProposalView {
  return {
    id: row.id,
    bookingId: row.bookingId,
    oldDate: row.oldDate,
    oldTime: row.oldTime,
    proposedDate: row.proposedDate,
    proposedTime: row.proposedTime,
    proposedBy: row.proposedBy,
    status: row.status,
    expiresAt: fromDbTimestamp(row.expiresAt),
    createdAt: fromDbTimestamp(row.createdAt),
  };
}

export function proposalBody(view: ProposalView) {
  return {
    id: view.id,
    booking_id: view.bookingId,
    old_date: view.oldDate,
    old_time: view.oldTime,
    proposed_date: view.proposedDate,
    proposed_time: view.proposedTime,
    proposed_by: view.proposedBy,
    status: view.status,
    expires_at: view.expiresAt,
    created_at: view.createdAt,
  };
}

export async function insertProposal(db: Db, values: typeof rescheduleProposals.$inferInsert): Promise<ProposalView> {
  const [row] = await db.insert(rescheduleProposals).values(values).returning();
  return toProposalView(row!);
}

export async function findProposal(db: Db, id: string): Promise<ProposalView | undefined> {
  const [row] = await db.select().from(rescheduleProposals).where(eq(rescheduleProposals.id, id)).limit(1);
  return row ? toProposalView(row) : undefined;
}

export async function pendingProposal(db: Db, bookingId: string): Promise<ProposalView | undefined> {
  const [row] = await db
    .select()
    .from(rescheduleProposals)
    .where(and(eq(rescheduleProposals.bookingId, bookingId), eq(rescheduleProposals.status, 'PENDING')))
    .limit(1);
  return row ? toProposalView(row) : undefined;
}

/**
 * CONTRACT.md §20: a proposal on any booking of a visit moves the whole visit, so a visit has one waiting
 * proposal at most: the PENDING one of any of its bookings not past expires_at at `now`.
 */
export async function pendingProposalOfVisit(db: Db, visitId: string, now: string): Promise<ProposalView | undefined> {
  const [row] = await db
    .select({ proposal: rescheduleProposals })
    .from(rescheduleProposals)
    .innerJoin(bookings, eq(bookings.id, rescheduleProposals.bookingId))
    .where(and(eq(bookings.visitId, visitId), eq(rescheduleProposals.status, 'PENDING'), gte(rescheduleProposals.expiresAt, now)))
    .limit(1);
  return row ? toProposalView(row.proposal) : undefined;
}

/** Newest first; a PENDING one ranks first among proposals of the same second. */
export async function listProposals(db: Db, bookingId: string): Promise<ProposalView[]> {
  const rows = await db
    .select()
    .from(rescheduleProposals)
    .where(eq(rescheduleProposals.bookingId, bookingId))
    .orderBy(
      desc(rescheduleProposals.createdAt),
      desc(sql`(${rescheduleProposals.status} = 'PENDING')`),
      desc(rescheduleProposals.expiresAt),
    );
  return rows.map(toProposalView);
}

/**
 * PENDING proposals of the booking become EXPIRED: those whose expires_at is before `lapsedBefore`
 * (lazy expiry, SPEC.md), or every one when it is not given (the owner moved the booking, CONTRACT.md §12).
 */
export async function expireProposals(db: Db, bookingId: string, lapsedBefore?: string): Promise<void> {
  await db
    .update(rescheduleProposals)
    .set({ status: 'EXPIRED' })
    .where(
      and(
        eq(rescheduleProposals.bookingId, bookingId),
        eq(rescheduleProposals.status, 'PENDING'),
        lapsedBefore === undefined ? undefined : lt(rescheduleProposals.expiresAt, lapsedBefore),
      ),
    );
}

/** Moves a proposal out of PENDING; undefined when it was no longer PENDING (an answer raced in). */
export async function settleProposal(db: Db, id: string, status: Exclude<ProposalStatus, 'PENDING'>): Promise<ProposalView | undefined> {
  const [row] = await db
    .update(rescheduleProposals)
    .set({ status })
    .where(and(eq(rescheduleProposals.id, id), eq(rescheduleProposals.status, 'PENDING')))
    .returning();
  return row ? toProposalView(row) : undefined;
}
