import { cardinality } from './cardinality';
import { columnOutsideEdge } from './columnOutsideEdge';
import { definitionCollision } from './definitionCollision';
import { definitionDuplicate } from './definitionDuplicate';
import { definitionHardDelete } from './definitionHardDelete';
import { definitionLive } from './definitionLive';
import { duplicateEdge } from './duplicateEdge';
import { entityExists } from './entityExists';
import { formPrompts } from './formPrompts';
import { formPromptShape } from './formPromptShape';
import { lineageFileShape } from './lineageFileShape';
import { notAllowedValue } from './notAllowedValue';
import { propertyDefinition } from './propertyDefinition';
import { propertyEntityType } from './propertyEntityType';
import { propertyExists } from './propertyExists';
import { propertySettings } from './propertySettings';
import { propertySoftDeleted } from './propertySoftDeleted';
import { propertyPlatform } from './propertyPlatform';
import { propertyValueBytes } from './propertyValueBytes';
import { propertyValueType } from './propertyValueType';
import { selfLoop } from './selfLoop';
import { sqlDisagrees } from './sqlDisagrees';
import type { Rule } from './types';
import { upstreamType } from './upstreamType';

/** The rules that judge meaning: definitions, property values, lineage (all read facts only). */
export const SEMANTIC_RULES: readonly Rule[] = [
  propertyDefinition,
  definitionDuplicate,
  definitionLive,
  definitionCollision,
  definitionHardDelete,
  propertySettings,
  propertyExists,
  propertySoftDeleted,
  propertyValueType,
  propertyValueBytes,
  notAllowedValue,
  cardinality,
  propertyEntityType,
  propertyPlatform,
  columnOutsideEdge,
  entityExists,
  upstreamType,
  selfLoop,
  duplicateEdge,
  sqlDisagrees,
  lineageFileShape,
  formPrompts,
  formPromptShape,
];
