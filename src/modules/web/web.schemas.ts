/** The web pages (web.routes.ts) are HTML for browsers, not operations of the API: the OpenAPI document leaves them out. */
export const hiddenPageSchema = { hide: true } as const;
