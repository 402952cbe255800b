import { fileURLToPath } from 'node:url';

/** The file's path as a shell argument (the URI when it is not a file). */
export function shellPath(uri: string): string {
  let path = uri;
  try {
    if (uri.startsWith('file:')) path = fileURLToPath(uri);
  } catch {
    // not a path: the URI says where it is
  }
  return /^[\w./:@+-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
