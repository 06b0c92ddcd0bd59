/**
 * A link made from the business's name (a slug of the phone would publish the owner's number): Russian and
 * Kazakh letters transliterated, «Барбершоп Арман» → `barbershop-arman`. Pure, so the panel offers it.
 */
import { MAX_SLUG_LENGTH, newSlugProblem } from './slug.js';

/** Cyrillic → Latin, as a Kazakhstan owner would spell the name in an Instagram bio (docs/decisions: first week). */
const LATIN: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  ә: 'a', ғ: 'g', қ: 'k', ң: 'ng', ө: 'o', ұ: 'u', ү: 'u', һ: 'h', і: 'i',
}; // prettier-ignore

/** One letter in Latin: Cyrillic by the table, Latin with accents without them, anything else as it is. */
function latin(char: string): string {
  return LATIN[char] ?? char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * The slug a name suggests: lower case Latin letters and digits, words joined by `-`, at most
 * MAX_SLUG_LENGTH cut at a word; null when the name makes no valid new slug (too short, reserved).
 */
export function slugFromName(name: string): string | null {
  const words = [...name.toLowerCase()]
    .map(latin)
    .join('')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  if (!slug && words[0]) slug = words[0].slice(0, MAX_SLUG_LENGTH);
  return newSlugProblem(slug) ? null : slug;
}
