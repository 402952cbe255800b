import type { AspectWrite } from '../../service/store/types';
import type { Random } from '../../support/random';

/** `count` structured-property definitions as the service stores them, each with five allowed values. */

export const GENERATED_PROPERTY_PREFIX = 'io.bench.gen.p';
export const VALUES_PER_PROPERTY = 5;

export function propertyName(i: number): string {
  return `${GENERATED_PROPERTY_PREFIX}${String(i).padStart(5, '0')}`;
}

export function allowedValue(property: number, k: number): string {
  return `value_${property % 97}_${k}`;
}

export function propertyDefinitionWrites(count: number): AspectWrite[] {
  const writes: AspectWrite[] = [];
  for (let i = 0; i < count; i++) {
    const name = propertyName(i);
    writes.push({
      urn: `urn:li:structuredProperty:${name}`,
      aspectName: 'propertyDefinition',
      value: {
        qualifiedName: name,
        displayName: `Generated property ${i}`,
        valueType: 'urn:li:dataType:service.string',
        cardinality: 'SINGLE',
        entityTypes: ['urn:li:entityType:service.dataset'],
        allowedValues: Array.from({ length: VALUES_PER_PROPERTY }, (_, k) => ({ value: { string: allowedValue(i, k) }, description: `Allowed value ${k}` })),
        description: `Generated for the completion benchmark (${i}).`,
      },
    });
  }
  return writes;
}

/** A dataset YAML whose datasets set `perDataset` random generated properties to allowed values. */
export function datasetsUsingProperties(datasets: number, perDataset: number, definitions: number, random: Random): string {
  const lines: string[] = [];
  for (let d = 0; d < datasets; d++) {
    lines.push(`- id: completion.table_${d}`, '  platform: hive', '  structured_properties:');
    const used = new Set<number>();
    while (used.size < perDataset) used.add(random.int(definitions));
    for (const p of used) lines.push(`    ${propertyName(p)}: ${allowedValue(p, random.int(VALUES_PER_PROPERTY))}`);
  }
  return `${lines.join('\n')}\n`;
}
