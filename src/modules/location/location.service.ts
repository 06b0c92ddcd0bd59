/** City and address autocomplete through 2GIS: a blank query answers [] without a provider call. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { invalidInput } from '../../core/errors.js';
import { fetchSuggestions } from './client.js';
import { addressParams, cityParams, toAddresses, toCities, type Address, type City } from './suggest.js';

export async function suggestCities(config: Config, log: FastifyBaseLogger, typed: string | undefined): Promise<City[]> {
  const q = typed?.trim() ?? '';
  if (!q) return [];
  return toCities(await fetchSuggestions(config, log, (key) => cityParams(key, q)));
}

/** Near the point when lat and lon are given (together or not at all). */
export async function suggestAddresses(
  config: Config,
  log: FastifyBaseLogger,
  query: { q?: string; lat?: number; lon?: number },
): Promise<Address[]> {
  const { lat, lon } = query;
  const q = query.q?.trim() ?? '';
  if ((lat === undefined) !== (lon === undefined)) throw invalidInput('lat and lon go together', lat === undefined ? 'lat' : 'lon');
  if (!q) return [];
  const near = lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
  return toAddresses(await fetchSuggestions(config, log, (key) => addressParams(key, q, near)));
}
