import type { Rule } from './types';
import { parseErrors } from './syntax/parseErrors';
import { urnSyntax } from './syntax/urnSyntax';
import { unknownKey } from './syntax/unknownKey';
import { enumValue } from './syntax/enumValue';
import { structure } from './syntax/structure';
import { SEMANTIC_RULES } from './semantic';

/** Rules that need nothing but the file: what the DataHub CLI and server reject on shape alone. */
export const SYNTAX_RULES: readonly Rule[] = [parseErrors, urnSyntax, unknownKey, enumValue, structure];

export const ALL_RULES: readonly Rule[] = [...SYNTAX_RULES, ...SEMANTIC_RULES];

export type { Rule, RuleContext } from './types';
