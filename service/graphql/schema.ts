/**
 * The local catalog's GraphQL schema: a strict subset of DataHub's real schema (every type, field,
 * argument and enum value below exists with the same type there; test/service/graphqlSchema.test.ts
 * checks it), so a document written for this service also runs against a real DataHub. Input types
 * are complete, so any DataHub-valid input is accepted here; output types declare what this service
 * answers. Descriptions are left out: DataHub's own schema documents every field.
 */
import { ENTITIES_SDL } from './sdl/sdlEntities';
import { INPUTS_SDL } from './sdl/sdlInputs';
import { RESULTS_SDL } from './sdl/sdlResults';
import { ROOT_SDL } from './sdl/sdlRoot';

export const LOCAL_SDL = [ROOT_SDL, ENTITIES_SDL, RESULTS_SDL, INPUTS_SDL].join('\n');
