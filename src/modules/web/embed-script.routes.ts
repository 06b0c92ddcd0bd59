/**
 * GET /embed.js (CONTRACT.md §18): a salon's site adds
 * `<script src="{PUBLIC_URL}/embed.js" data-slug="{slug}"></script>` and gets
 * its booking page in an iframe right after the tag, as tall as its content
 * (the page posts its height, web/src/booking/embed.ts). Optional
 * data-service, data-master and data-date choose as the page's own link does.
 * A plain `<iframe src="{PUBLIC_URL}/{slug}?embed=1">` works without it.
 */
import type { FastifyInstance } from 'fastify';

/** The message the embedded page posts to its parent (the page's side: web/src/booking/embed.ts). */
export const HEIGHT_MESSAGE = 'booking-page:height';
/** A new step began: its top should be in view. */
export const TOP_MESSAGE = 'booking-page:top';

/**
 * How long a loaded frame may stay silent before the script takes it for refused: a site not in the
 * salon's list (frame-ancestors) gets an empty frame where the page never runs, so nothing speaks from
 * it; the script then puts a line with a link to the page in its place, so a visitor of that site still reaches
 * the page instead of facing a blank box.
 * The page itself speaks (its height) on its own load, before the frame's load event here.
 */
const FALLBACK_DELAY_MS = 3000;

/** Plain ES5 that runs on any site builder's page; nothing global is left behind. */
export const EMBED_SCRIPT = `(function () {
  var tag = document.currentScript;
  var slug = tag && tag.getAttribute('data-slug');
  if (!slug) return;
  var origin = new URL(tag.src, location.href).origin;
  var query = 'embed=1';
  ['service', 'master', 'date'].forEach(function (name) {
    var value = tag.getAttribute('data-' + name);
    if (value) query += '&' + name + '=' + encodeURIComponent(value);
  });
  var frame = document.createElement('iframe');
  var page = origin + '/' + encodeURIComponent(slug);
  frame.src = page + '?' + query;
  frame.title = tag.getAttribute('data-title') || 'Онлайн-запись';
  frame.setAttribute('scrolling', 'no');
  frame.style.cssText = 'display:block;width:100%;max-width:100%;height:640px;border:0;overflow:hidden;color-scheme:normal';
  tag.parentNode.insertBefore(frame, tag.nextSibling);
  var heard = false;
  frame.addEventListener('load', function () {
    setTimeout(function () {
      if (heard || !frame.parentNode) return;
      var line = document.createElement('p');
      var link = document.createElement('a');
      line.setAttribute('data-booking-fallback', '');
      line.textContent = 'Онлайн-запись открывается на отдельной странице: ';
      link.href = page + (query.length > 7 ? '?' + query.slice(8) : '');
      link.textContent = 'записаться';
      line.appendChild(link);
      frame.parentNode.replaceChild(line, frame);
    }, ${FALLBACK_DELAY_MS});
  });
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow || !data) return;
    heard = true;
    if (data.type === '${HEIGHT_MESSAGE}' && typeof data.height === 'number' && data.height > 0) frame.style.height = Math.ceil(data.height) + 'px';
    if (data.type === '${TOP_MESSAGE}' && frame.getBoundingClientRect().top < 0) frame.scrollIntoView({ block: 'start' });
  });
})();
`;

export function registerEmbedScript(app: FastifyInstance): void {
  app.get('/embed.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      // An hour: a change reaches salons' sites the same day; any site may load it.
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(EMBED_SCRIPT),
  );
}
