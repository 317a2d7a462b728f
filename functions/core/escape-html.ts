/**
 * Untrusted text (names come from phone calls, salon names from owners) made safe to place in
 * HTML or XML, text or attribute: the one escaper every page, email and TwiML uses. `'` becomes
 * `&#39;`, which HTML and XML both read.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}
