/** Matches the CSS breakpoint at which the header shows its links inline. */
const WIDE_SCREEN_QUERY = '(min-width: 640px)';

/**
 * The full-screen menu for narrow screens, wired onto the markup `SiteHeader` renders (so the
 * pre-rendered pages and the app behave the same). A modal <dialog> makes the page behind it
 * inert, gives Escape for free and hands focus back to the menu button when it closes; the Tab
 * wrap keeps focus inside instead of escaping to the browser UI. Answers an undo.
 */
export function wireMobileMenu(root: ParentNode): () => void {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls].menu-button');
  const dialog = button ? root.querySelector<HTMLDialogElement>(`dialog#${CSS.escape(button.getAttribute('aria-controls') ?? '')}`) : null;
  if (!button || !dialog) return () => {};
  const wide = window.matchMedia(WIDE_SCREEN_QUERY);

  const onClosed = () => {
    if (dialog.open) return;
    button.setAttribute('aria-expanded', 'false');
    document.body.classList.remove('scroll-locked');
    wide.removeEventListener('change', closeWhenWide);
  };
  // The browser hides a closed dialog at once but fires 'close' as a later task: unlock now, so the
  // page never shows without the menu while still refusing to scroll.
  const close = () => {
    if (!dialog.open) return;
    dialog.close();
    onClosed();
  };
  const closeWhenWide = () => {
    if (wide.matches) close();
  };
  const open = () => {
    if (dialog.open) return;
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
    // A modal dialog does not stop the page behind it from scrolling under touch or wheel.
    document.body.classList.add('scroll-locked');
    wide.addEventListener('change', closeWhenWide);
    closeWhenWide();
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    if (target.closest('[data-menu-close], a[href]')) close();
  };

  button.addEventListener('click', open);
  dialog.addEventListener('close', onClosed);
  dialog.addEventListener('click', onClick);
  dialog.addEventListener('keydown', trapTab);
  return () => {
    button.removeEventListener('click', open);
    dialog.removeEventListener('click', onClick);
    dialog.removeEventListener('keydown', trapTab);
    close();
    onClosed();
    dialog.removeEventListener('close', onClosed);
  };
}

function trapTab(event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget as HTMLDialogElement;
  const focusable = dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
