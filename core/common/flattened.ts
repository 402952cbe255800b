/**
 * `text`, flattened by V8 into one run of characters. V8 keeps a string built by concatenation
 * (`urn:li:dataset:(` + platform + `,` + name + …) as a tree of its parts until something reads a
 * character of it, and a part of 13 characters or more cut from a file's text is a view that keeps
 * that whole text alive: the long URNs kept from a scanned file kept most of the files' texts.
 * Reading one character makes V8 flatten the string in place, dropping its parts (a 100,002-file
 * scan's heap, in process: 291 MB instead of 367 MB). The same string object is kept, so every
 * holder of it shares the one flat copy (a fresh copy per holder measured 413–431 MB).
 */
export function flattened(text: string): string {
  text.charCodeAt(0);
  return text;
}
