import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import { CloseIcon, LogoMark } from './icons';
import type { NavItem } from './nav-links';
import { NavItemLink } from './nav-item-link';

/** Matches the CSS breakpoint at which the header shows its links inline. */
const WIDE_SCREEN_QUERY = '(min-width: 640px)';

interface MobileMenuProps {
  id: string;
  links: readonly NavItem[];
  open: boolean;
  onClose: () => void;
}

/**
 * Full-screen menu for narrow screens. A modal <dialog> makes the page behind it inert and gives
 * Escape for free; the Tab wrap below keeps focus inside instead of escaping to the browser UI.
 */
export function MobileMenu({ id, links, open, onClose }: MobileMenuProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // A modal dialog does not stop the page behind it from scrolling under touch or wheel.
    document.body.classList.add('scroll-locked');
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) onClose();
    };
    closeWhenWide();
    wide.addEventListener('change', closeWhenWide);
    return () => {
      document.body.classList.remove('scroll-locked');
      wide.removeEventListener('change', closeWhenWide);
    };
  }, [open, onClose]);

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      id={id}
      className="mobile-menu"
      aria-label="Menu"
      onCancel={handleCancel}
      onClose={onClose}
      onKeyDown={trapTab}
    >
      <div className="mobile-menu-top">
        <span className="brand" aria-hidden="true">
          <LogoMark />
          SalonDesk
        </span>
        <button type="button" className="menu-button menu-close" onClick={onClose}>
          <CloseIcon />
          Close<span className="visually-hidden"> menu</span>
        </button>
      </div>
      <nav aria-label="Main">
        <ul role="list" className="mobile-menu-links">
          {links.map((item) => (
            <li key={item.label}>
              <NavItemLink item={item} onNavigate={onClose} />
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
  );
}

function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
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
