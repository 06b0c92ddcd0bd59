import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { DomainError } from '../../core/errors.js';
import { suggestItems, type SuggestItem } from './suggest.js';

export const MAP_UNAVAILABLE = 'Map provider unavailable';

/** Configs whose missing key was already logged: one line per process, not one per request (an anonymous log flood). */
const toldMissingKey = new WeakSet<Config>();
export const MAP_TIMEOUT_MS = 5000;

/**
 * GET {MAP_API_URL}/3.0/suggests. Every failure (no key, network, timeout,
 * non-2xx, a body that is not the documented shape) is one 502; the key
 * stays on the server and out of the logs.
 */
export async function fetchSuggestions(
  config: Config,
  log: FastifyBaseLogger,
  params: (key: string) => Record<string, string>,
  timeoutMs = MAP_TIMEOUT_MS,
): Promise<SuggestItem[]> {
  if (!config.mapApiKey) {
    if (!toldMissingKey.has(config)) log.warn('map provider: MAP_API_KEY is not set (address suggestions answer 502)');
    toldMissingKey.add(config);
    throw new DomainError('map_unavailable', MAP_UNAVAILABLE);
  }
  const url = `${config.mapApiUrl}/3.0/suggests?${new URLSearchParams(params(config.mapApiKey))}`;
  let problem: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (response.ok) {
      const items = suggestItems(await response.json());
      if (items) return items;
      problem = 'unexpected body';
    } else {
      problem = `HTTP ${response.status}`;
    }
  } catch (error) {
    problem = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable or not JSON';
  }
  // The URL holds the key: only the reason is logged.
  log.warn({ problem }, 'map provider failed');
  throw new DomainError('map_unavailable', MAP_UNAVAILABLE);
}
