import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  type FirstScreenState,
  firstScreenStateElement,
  prefsFromCookies,
} from '../../shared/first-screen-state.ts';

/**
 * The first screen as HTML (decision 0014). A signed-in owner who opens Puden, Kunder, Nåle,
 * Ordrer, Todo or Pakning gets the page with the screen already in it, rendered here by the app's own
 * components (src/client/server-render/first-screen.tsx, the one file of src/client the server imports), so a
 * phone paints her data from the HTML instead of after the app's JavaScript has arrived and run. The app then
 * renders the same screen in its place.
 *
 * - **Hydrated, not replaced.** Beside the screen the page carries what it was rendered with (the clock, the device
 *   guessed from the user agent, each read's version, the session and the shop's settings, the device's choices
 *   from their cookies: shared/first-screen-state.ts), so the app renders exactly the same and takes this DOM
 *   over with React's hydration.
 * - **Her data only.** The screen's reads are asked of this server itself (`inject`) with the request's own
 *   cookie: without a valid session the session answer is empty and the plain page goes out, as before.
 * - **Nothing kept.** The page carries private data: `no-store`, never a shared or a service worker's cache
 *   (the worker answers navigations with its precached plain page).
 * - **Shown, and usable.** Until the app has taken over, the screen is `aria-busy`; its links load their pages,
 *   Menu opens the plain menu of links rendered beside it (client/boot/hold-taps.ts), and a tap on any other control is
 *   kept, shown as pressed and carried out by the app once it is there (decision 0014).
 * - **Never in the way.** A first read that does not answer 200, a render that throws, or a page without the
 *   expected root element: the plain page goes out, and the app starts as it always did.
 */

type Renderer = typeof import('../../client/server-render/first-screen.tsx');

/** At most this many reads per page (a screen needs 3–4). */
const MAX_READS = 8;

/** The root element of the built index.html, whose loading page the first screen replaces. */
const ROOT_OPEN = '<div id="root">';

export type FirstHtml = {
  /** The page with the first screen in it, or null: send the plain page. */
  page(request: FastifyRequest): Promise<string | null>;
  /** Loads the renderer (React, MUI, the pages' code) ahead of the first request. */
  warm(): void;
};

export function createFirstHtml(app: FastifyInstance, indexHtml: string, log: FastifyBaseLogger): FirstHtml {
  const rootStart = indexHtml.indexOf(ROOT_OPEN);
  const bodyEnd = indexHtml.lastIndexOf('</body>');
  let renderer: Promise<Renderer> | undefined;
  const load = () => {
    renderer ??= import('../../client/server-render/first-screen.tsx');
    return renderer;
  };

  return {
    warm() {
      load().catch((error: unknown) => log.warn({ err: error }, 'first-screen renderer did not load'));
    },
    async page(request) {
      const cookie = request.headers.cookie;
      if (rootStart < 0 || bodyEnd < rootStart || !cookie) return null;
      const { firstScreenReads, renderFirstScreen, deviceOf } = await load();
      const url = request.url;
      const now = new Date();
      const reads = firstScreenReads(url, now);
      if (!reads) return null;

      // The reads known up front, then once more those the render names.
      const answers: Record<string, string> = {};
      const state: FirstScreenState = {
        now: now.toISOString(),
        device: deviceOf(request.headers['user-agent']),
        versions: {},
        answers: {},
        prefs: prefsFromCookies(cookie),
      };
      let wanted = reads;
      for (let round = 0; round < 2; round++) {
        for (const read of wanted) {
          // Only the API's own reads, and few of them.
          if (!read.startsWith('/api/') || Object.keys(answers).length >= MAX_READS) return null;
          const answer = await app.inject({
            method: 'GET',
            url: read,
            headers: {
              cookie,
              accept: 'application/json',
              'user-agent': request.headers['user-agent'] ?? '',
            },
          });
          if (answer.statusCode !== 200) return null;
          answers[read] = answer.body;
          const etag = answer.headers.etag;
          if (typeof etag === 'string') state.versions[read] = etag;
        }
        const screen = await renderFirstScreen({ url, answers, state });
        if (screen === null) return null;
        if ('html' in screen) {
          // The small answers travel in the page (the app takes over without asking for them again); the
          // versions of the others tell the app whether it has what the screen was rendered with.
          state.answers = screen.carried;
          for (const url of Object.keys(screen.carried)) delete state.versions[url];
          return page(screen.html, screen.menu, state);
        }
        wanted = screen.need;
      }
      return null;
    },
  };
  function page(html: string, menu: string, state: FirstScreenState): string {
    return `${indexHtml.slice(0, rootStart)}<div id="root" data-first-screen="" aria-busy="true">${html}</div>${menu}${firstScreenStateElement(state)}\n  ${indexHtml.slice(bodyEnd)}`;
  }
}
