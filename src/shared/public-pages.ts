/**
 * The pages outside the signed-in app, and the screen a sign-in leads to: all the page's entry and the login
 * page need of the table of screens (screens.ts), in a module of their own, so the login page (the first thing
 * a phone loads) carries these few paths instead of the whole table. screens.ts builds on them; page paths are
 * spelled in these two files only (tests/architecture/page-paths.test.ts).
 */
export const publicPages = { start: '/', login: '/login', setup: '/setup' } as const;

/** Puden (screens.ts's `pillow`): where a sign-in leads, and where the installed app opens for the last owner. */
export const START_PATH = '/pillow';
