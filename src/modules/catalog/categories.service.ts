/** A business's service categories: named without surrounding spaces, and only its own renamed or deleted. */
import type { Db } from '../../db/client.js';
import { notFound } from '../../core/errors.js';
import { insertCategory, removeCategory, renameCategory, type CategoryRow } from './categories.queries.js';

export function createCategory(db: Db, businessId: number, name: string): Promise<CategoryRow> {
  return insertCategory(db, businessId, name.trim());
}

/** 404 when the category is not the business's. */
export async function updateCategory(db: Db, businessId: number, id: number, name: string): Promise<CategoryRow> {
  const category = await renameCategory(db, businessId, id, name.trim());
  if (!category) throw notFound('Category');
  return category;
}

/** 404 when the category is not the business's. */
export async function deleteCategory(db: Db, businessId: number, id: number): Promise<void> {
  if (!(await removeCategory(db, businessId, id))) throw notFound('Category');
}
