import { applies, describeProfile, type DataHubProfile } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { Located } from '../model/range';
import { DATA_TYPE_NAMES } from '../urn/vocabulary';
import { diagnostic } from './ruleHelpers';

/**
 * A propertyDefinition aspect whose valueType names a data type DataHub does not ship (its five:
 * string, rich_text, number, date, urn) and that this file does not define. DataHub 1.8 validates
 * the field with `@UrnValidation {exist: true, strict: true, entityTypes: [dataType]}`
 * (StructuredPropertyDefinition.pdl; core/datahub/versions.ts valueTypeMustExist), so GMS refuses
 * it unless the dataType entity exists — known only when the connected catalog answers. Older
 * DataHub stores it and reads the type as UNKNOWN (StructuredPropertyUtils.getLogicalValueType).
 */
export function unknownDataType(written: Located<string>, typeName: string, name: string, candidates: string[], exists: boolean | undefined, datahub: DataHubProfile | undefined): CoreDiagnostic[] {
  const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '';
  const shipped = DATA_TYPE_NAMES.join(', ');
  if (!applies('valueTypeMustExist', datahub)) {
    return [diagnostic('definition.type', 'warning', written.range, `'${typeName}' is not one of DataHub's built-in value types (${shipped}); DataHub stores ${name} but checks no values against an unknown type. Define the data type (a dataTypeInfo aspect) or use a built-in one.${hint}`, { candidates })];
  }
  if (exists === true) return [];
  const judged = `judged by ${describeProfile(datahub)}`;
  const where = exists === false ? 'the connected catalog has no such data type' : 'unless the catalog already holds that data type (from an earlier push)';
  return [
    diagnostic(
      'definition.type',
      'error',
      written.range,
      `'${typeName}' is not one of the value types DataHub ships (${shipped}), and DataHub refuses a valueType whose dataType entity does not exist (@UrnValidation exist: true); ${where} (${judged}). Use a built-in type, or define the data type (a dataTypeInfo aspect) earlier in this file.${hint}`,
      { candidates },
    ),
  ];
}
