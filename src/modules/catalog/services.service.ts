/** A business's services: created and changed with a category of its own, read and deleted only its own (404 otherwise). */
import type { Db } from '../../db/client.js';
import { notFound } from '../../core/errors.js';
import { findCategory } from './categories.queries.js';
import { findService, insertService, removeService, setServiceValues, type ServiceValues, type ServiceView } from './services.queries.js';
import type { CreateServiceInput, UpdateServiceInput } from './services.schemas.js';

async function checkedCategory(db: Db, businessId: number, categoryId: number | null | undefined) {
  if (categoryId === undefined || categoryId === null) return categoryId;
  if (!(await findCategory(db, businessId, categoryId))) throw notFound('Category');
  return categoryId;
}

export async function getService(db: Db, businessId: number, id: number): Promise<ServiceView> {
  const service = await findService(db, businessId, id);
  if (!service) throw notFound('Service');
  return service;
}

export async function createService(db: Db, businessId: number, input: CreateServiceInput): Promise<ServiceView> {
  const { name, duration, price, buffer_after, category_id } = input;
  const categoryId = (await checkedCategory(db, businessId, category_id)) ?? null;
  return insertService(db, businessId, { name: name.trim(), duration, price, bufferAfter: buffer_after, categoryId });
}

/** Changes the fields given; an absent field stays as it is. */
export async function updateService(db: Db, businessId: number, id: number, input: UpdateServiceInput): Promise<ServiceView> {
  await getService(db, businessId, id);
  const { name, duration, price, buffer_after, category_id } = input;
  const values: Partial<ServiceValues> = {};
  if (buffer_after !== undefined) values.bufferAfter = buffer_after;
  if (name !== undefined) values.name = name.trim();
  if (duration !== undefined) values.duration = duration;
  if (price !== undefined) values.price = price;
  if (category_id !== undefined) values.categoryId = (await checkedCategory(db, businessId, category_id)) ?? null;
  await setServiceValues(db, businessId, id, values);
  return (await findService(db, businessId, id))!;
}

export async function deleteService(db: Db, businessId: number, id: number): Promise<void> {
  await getService(db, businessId, id);
  await removeService(db, businessId, id);
}
