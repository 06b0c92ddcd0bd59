import type { TestProject } from 'vitest/node';
import { createFreshDatabase } from '../helpers/fresh-database.js';

/** A fresh, empty database for the cluster run: the instances migrate it themselves, all starting at once. */
export default async function setup(project: TestProject) {
  const { url, drop } = await createFreshDatabase('booking_cluster');
  project.provide('postgresUrl', url);
  return drop;
}
