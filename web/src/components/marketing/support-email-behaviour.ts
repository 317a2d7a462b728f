import { DEFAULT_SUPPORT_EMAIL } from '@functions/contracts/support';

/**
 * The public pages promise free support and name where to write: the pre-rendered address is the
 * brand's, and the stage's own (its /config.json, as deployed with `supportEmail`) replaces it once
 * known, so a page on any stage points to the inbox that stage's support reads. Answers an undo.
 */
export function wireSupportEmail(root: ParentNode): () => void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('a[data-support-email]')];
  if (!links.length) return () => {};
  let cancelled = false;
  void fetch('/config.json')
    .then((response) => (response.ok ? (response.json() as Promise<{ supportEmail?: unknown }>) : {}))
    .then((config: { supportEmail?: unknown }) => {
      const address = typeof config.supportEmail === 'string' && config.supportEmail.includes('@') ? config.supportEmail : DEFAULT_SUPPORT_EMAIL;
      if (cancelled) return;
      for (const link of links) {
        link.href = `mailto:${address}`;
        link.textContent = address;
      }
    })
    .catch(() => undefined);
  return () => {
    cancelled = true;
  };
}
