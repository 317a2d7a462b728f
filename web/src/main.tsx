import './styles.css';

/**
 * The app's entry. A signed-in page arrives drawn (its pre-rendered shell, render-app-shell.tsx):
 * the app's code (React, the router, the page) starts only after the browser has painted that
 * drawing, so evaluating it never holds the first paint back. A page with nothing drawn, or one
 * opened in a background tab (where no frame is painted), starts it at once.
 */
const start = () => void import('./app');

if (document.getElementById('root')?.hasChildNodes() && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
