/**
 * The one thing a new owner does next, for the dashboard's empty cards: finish setup while a step
 * is open, then a test call. It names the page's own buttons rather than adding links of its own,
 * so each action keeps one control and one name. Null while the setup is loading.
 */
export function FirstStep({ setupDone }: { setupDone: boolean | null }) {
  if (setupDone === null) return null;
  return (
    <span data-testid="first-step">
      {setupDone ? 'First step: press Test Agent and make a test call; it will show here.' : 'First step: finish setup with Continue Setup.'}
    </span>
  );
}
