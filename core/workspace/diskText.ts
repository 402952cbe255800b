import { fileURLToPath } from 'node:url';
import { readMetadataFileSync } from '../files/readFile';
import { MAX_FILE_BYTES } from './metadataFiles';

/** A closed file's text as on disk now (the one bounded reader), or undefined when it cannot be read (./recordedFile.ts). */
export function diskText(uri: string): string | undefined {
  try {
    const read = readMetadataFileSync(fileURLToPath(uri), MAX_FILE_BYTES);
    return 'text' in read ? read.text : undefined;
  } catch {
    return undefined;
  }
}
