import type { paths } from '@shared/api-types';

type Json<P extends keyof paths, M extends 'get' | 'post', S extends number> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

export type Business = Json<'/api/v1/public/{slug}', 'get', 200>;
export type Service = Json<'/api/v1/public/{slug}/services', 'get', 200>[number];
export type Master = Json<'/api/v1/public/{slug}/masters', 'get', 200>[number];
export type Slots = Json<'/api/v1/public/{slug}/slots', 'get', 200>;
export type Days = Json<'/api/v1/public/{slug}/days', 'get', 200>;
export type BookingResult = Json<'/api/v1/public/{slug}/booking', 'post', 201>;

/** GET /api/v1/public-config (src/modules/web/config.routes.ts). */
export interface PublicConfig {
  captcha_site_key: string | null;
  bot_username: string | null;
  timezone: string;
}

/** What src/modules/web/routes.ts puts into the page (#initial-data). */
export interface InitialData {
  config: PublicConfig;
  business?: Business;
  services?: Service[];
  /** The salon's active masters: none means online booking is not open yet. */
  masters?: Master[];
  /** The business schedule, 0 = Monday; open/close null on a day off. */
  hours?: OpeningHours[];
}

export interface OpeningHours {
  day_of_week: number;
  open: string | null;
  close: string | null;
}

/** "Any master": the client picks a free master itself when it books. */
export const ANY = 'any' as const;
export type MasterChoice = Master | typeof ANY;
