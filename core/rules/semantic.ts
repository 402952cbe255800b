import type { Rule } from './types';

/** The rules that judge meaning: definitions, property values, lineage (all read facts only). */
export const SEMANTIC_RULES: readonly Rule[] = [];
