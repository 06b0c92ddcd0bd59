/**
 * The OpenAPI `security` of each route, by the guard it runs (src/modules/identity/guards.ts):
 * plumbing that every module's routes name, so it sits below them.
 */
/** A login token or an API key, a login token only, or (noSecurity) none at all: what each route's action (identity/policy.ts) takes. */
export const bearerSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKeyAuth: [] }];
export const sessionSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
export const noSecurity: Array<Record<string, string[]>> = [];
/** The mini app's signed Telegram initData in the X-Telegram-Init-Data header (CONTRACT.md §3, §18). */
export const telegramSecurity: Array<Record<string, string[]>> = [{ telegramInitData: [] }];
