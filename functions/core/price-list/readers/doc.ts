/**
 * Legacy Word .doc → text with word-extractor, loaded only when a .doc is read. Not with docx:
 * a .doc is an OLE file, not a zip, and shares neither its checks nor its library.
 */
export async function readDoc(buffer: Buffer): Promise<string> {
  const WordExtractor = (await import('word-extractor')).default;
  const document = await new WordExtractor().extract(buffer);
  return document.getBody();
}
