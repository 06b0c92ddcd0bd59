/** `embed_origins` of PUT /business (CONTRACT.md §18): the sites that may frame the booking page. */
import { Type } from '@sinclair/typebox';
import { invalidInput } from '../../core/errors.js';
import { embedOrigins, MAX_EMBED_ORIGINS } from '../../core/embed-origins.js';

export const EmbedOriginsField = {
  embed_origins: Type.Optional(
    Type.Array(Type.String({ maxLength: 300 }), {
      maxItems: 50,
      description: `Sites that may show the booking page in a frame: up to ${MAX_EMBED_ORIGINS} https:// origins; [] allows none`,
    }),
  ),
};

/** The origins to store; 400 invalid_input naming the first value that is not a bare https origin, or too many. */
export function checkedEmbedOrigins(raw: readonly string[]): string[] {
  const checked = embedOrigins(raw);
  if ('origins' in checked) return checked.origins;
  if (checked.problem.kind === 'too_many') throw invalidInput(`At most ${MAX_EMBED_ORIGINS} sites may embed the page`, 'embed_origins');
  throw invalidInput(
    `Invalid embed origin "${checked.problem.value.slice(0, 100)}": expected https://host[:port] without a path`,
    'embed_origins',
  );
}
