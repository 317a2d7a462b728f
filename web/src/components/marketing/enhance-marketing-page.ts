import { wireMobileMenu } from './mobile-menu-behaviour';
import { wireStepHighlight } from './step-highlight-behaviour';
import { wireSupportEmail } from './support-email-behaviour';

/**
 * Everything a public page does beyond its markup, as plain DOM code: the pre-rendered pages run
 * it as their only script, and the app runs it on the same markup when it shows those pages
 * itself (one behaviour, however the page arrived). Answers an undo.
 */
export function enhanceMarketingPage(root: ParentNode): () => void {
  const undo = [wireMobileMenu(root), wireStepHighlight(root), wireSupportEmail(root)];
  return () => undo.forEach((step) => step());
}
