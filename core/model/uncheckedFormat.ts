import type { SourceRange } from './range';

/** The formats core/formats/unchecked.ts recognises but does not check (its table has the facts of each). */
export const UNCHECKED_FORMAT_IDS = ['businessGlossary', 'dataProduct', 'dataContract'] as const;
export type UncheckedFormatId = (typeof UNCHECKED_FORMAT_IDS)[number];

/** A file of a format Catalog Code recognises but does not check. */
export interface UncheckedFormat {
  id: UncheckedFormatId;
  /** where to say so: the first key of the file */
  range: SourceRange;
  /** the file writes `structured_properties:` (values Catalog Code does not check here) */
  structuredProperties?: true;
}
