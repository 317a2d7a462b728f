/** The one module the build renders pages with on the server (local/server/web-build.ts). */
export { renderPublicPage } from './public-pages/render-public-page';
export { renderAppShell } from './app-shell/render-app-shell';
