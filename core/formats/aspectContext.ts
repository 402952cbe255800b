import type { Located } from '../model/range';
import type { FactCollector } from './collector';

/** What an aspect reader needs besides the aspect body. */
export interface AspectContext {
  collector: FactCollector;
  /** the MCP `entityUrn` / MCE snapshot `urn` the aspect belongs to */
  entity: Located<string>;
  /** path of the aspect body, for WrongTypeFact paths */
  path: string;
}
