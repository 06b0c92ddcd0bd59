/**
 * Head tags rendered on the server, so a link shared in Instagram, WhatsApp or
 * Telegram previews with the salon's own name and words (their crawlers run
 * no JavaScript). Every value is escaped as an attribute.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of the page; with it the page gets og: tags and a canonical link. */
  url?: string;
  /** Absolute address of the share card. */
  image?: string;
  /** Panels and the mini app are not for search engines. */
  noindex?: boolean;
}

/** Collapses whitespace and cuts at a word boundary: previews show ~160 characters. */
export function shorten(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}

export function metaTags(meta: PageMeta): string {
  const attr = escapeHtml;
  const tags = [`<meta name="description" content="${attr(meta.description)}">`];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex">');
  if (meta.url) {
    tags.push(
      `<link rel="canonical" href="${attr(meta.url)}">`,
      '<meta property="og:type" content="website">',
      '<meta property="og:locale" content="ru_RU">',
      `<meta property="og:title" content="${attr(meta.title)}">`,
      `<meta property="og:description" content="${attr(meta.description)}">`,
      `<meta property="og:url" content="${attr(meta.url)}">`,
    );
    if (meta.image) {
      tags.push(
        `<meta property="og:image" content="${attr(meta.image)}">`,
        '<meta property="og:image:width" content="1200">',
        '<meta property="og:image:height" content="630">',
        `<meta property="og:image:alt" content="${attr(meta.title)}">`,
        '<meta name="twitter:card" content="summary_large_image">',
      );
    }
  }
  return tags.join('');
}

export interface BusinessForMeta {
  slug: string;
  name: string;
  address: string;
  description: string | null;
}

/** The booking page's tags: the salon's own description when it wrote one, else a sentence with its name and address. */
export function bookingPageMeta(business: BusinessForMeta, publicUrl: string): PageMeta {
  const where = business.address.trim() ? `, ${business.address.trim()}` : '';
  const description = business.description?.trim()
    ? shorten(business.description)
    : shorten(`Онлайн-запись в «${business.name}»${where}. Выберите услугу, мастера и свободное время — без звонков.`);
  const url = `${publicUrl}/${encodeURIComponent(business.slug)}`;
  return { title: business.name, description, url, image: `${url}/og.png` };
}

/** The page with its <title> replaced and the tags added before </head>. */
export function withMeta(html: string, meta: PageMeta): string {
  // Replacements by function: owner text is data, never a pattern ($&, $` and $' in a name stay as typed).
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace('</head>', () => `${metaTags(meta)}</head>`);
}
