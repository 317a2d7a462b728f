import { PageLoading } from '../components/page-loading';

/**
 * What the HTML drew before the app ran: a signed-in page's pre-rendered shell (render-app-shell.tsx),
 * read once as the app starts. It stays on screen, the same boxes in the same places, while the
 * page's code and its guard load; the other paths had nothing drawn and show the spinner.
 */
const drawn = document.getElementById('root')?.innerHTML.trim() ?? '';

export function ShellFallback() {
  return drawn ? <div className="app-shell" dangerouslySetInnerHTML={{ __html: drawn }} /> : <PageLoading />;
}
