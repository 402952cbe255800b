import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildASTSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
  print,
  TypeInfo,
  validateSchema,
  visit,
  visitWithTypeInfo,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

/**
 * The facts of DataHub's GraphQL schema that the client's documents rely on: every type, field,
 * argument and input they name, with DataHub's types, and nothing else. Kept as a small committed
 * fixture (test/fixtures/datahub-graphql-facts.graphql) so the documents are checked against DataHub
 * on every clone; when DataHub's own schema is beside the repository, a test derives the facts again
 * from it and compares, so the fixture cannot drift from the source it names.
 */

export const FACTS_FILE = path.resolve(__dirname, '..', 'fixtures', 'datahub-graphql-facts.graphql');

/** What the fixture's header names as its source; the commits are those the reference README lists. */
export const FACTS_SOURCE = [
  'DataHub (github.com/datahub-project/datahub), datahub-graphql-core/src/main/resources/:',
  'entity.graphql @ 4cad215e490aa1230e231a058f86e1259084ed9f',
  'search.graphql @ 0187e2a94bfdccf61958bacca6a08c9deac22ceb',
  'lineage.graphql @ d69504a05dd3f2bac56991d8379f265537ab985e',
  'properties.graphql @ 024d4f72ad743711b60ca93c5462c3db2388e7c8',
  'forms.graphql @ 1d4c082be8eed0d2202e90c5affe1f55e60980b5',
];

const HEADER = [
  '# The facts of DataHub\'s GraphQL schema that Catalog Code\'s client documents use: only the types,',
  '# fields, arguments, inputs and enum values they name, without descriptions. Derived from',
  ...FACTS_SOURCE.map((line) => `#   ${line}`),
  '# Regenerate with `node --import tsx scripts/datahubSchemaFacts.ts` (needs DataHub\'s schema in the',
  '# reference folder, test/support/reference.ts); test/protocol/apiDocuments.test.ts compares.',
  '',
].join('\n');

class Collected {
  readonly fields = new Map<string, Set<string>>();
  readonly named = new Set<string>();

  field(owner: string, name: string): void {
    const set = this.fields.get(owner) ?? new Set<string>();
    set.add(name);
    this.fields.set(owner, set);
    this.named.add(owner);
  }
}

/** Names every type, field and argument type a document touches. */
function collectDocument(schema: GraphQLSchema, document: string, into: Collected): void {
  const typeInfo = new TypeInfo(schema);
  visit(
    parse(document),
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (!parent || !field || node.name.value.startsWith('__')) return;
        into.field(parent.name, field.name);
      },
      InlineFragment() {
        const type = typeInfo.getType();
        if (type) into.named.add(getNamedType(type).name);
      },
      VariableDefinition() {
        const type = typeInfo.getInputType();
        if (type) into.named.add(getNamedType(type).name);
      },
    }),
  );
}

/** The input types, enums and scalars reachable from a named input type, whole (inputs are small). */
function addInputClosure(schema: GraphQLSchema, name: string, into: Collected): void {
  if (into.named.has(name) && into.fields.has(name)) return;
  into.named.add(name);
  const type = schema.getType(name);
  if (!type || !isInputObjectType(type)) return;
  into.fields.set(name, new Set(Object.keys(type.getFields())));
  for (const field of Object.values((type as GraphQLInputObjectType).getFields())) addInputClosure(schema, getNamedType(field.type).name, into);
}

/** Fields an implementation must carry because its kept interfaces declare them; then argument and field types. */
function close(schema: GraphQLSchema, into: Collected): void {
  for (let changed = true; changed; ) {
    const before = JSON.stringify([...into.named].sort()) + JSON.stringify([...into.fields].map(([k, v]) => [k, [...v].sort()]).sort());
    for (const name of [...into.named]) {
      const type = schema.getType(name);
      if (!type) continue;
      if (isInputObjectType(type)) addInputClosure(schema, name, into);
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const face of type.getInterfaces()) {
          if (!into.named.has(face.name)) continue;
          for (const field of into.fields.get(face.name) ?? []) into.field(name, field);
        }
        const fields = type.getFields();
        for (const fieldName of into.fields.get(name) ?? []) addFieldTypes(schema, fields[fieldName], into);
      }
    }
    const after = JSON.stringify([...into.named].sort()) + JSON.stringify([...into.fields].map(([k, v]) => [k, [...v].sort()]).sort());
    changed = before !== after;
  }
}

function addFieldTypes(schema: GraphQLSchema, field: GraphQLField<unknown, unknown> | undefined, into: Collected): void {
  if (!field) return;
  into.named.add(getNamedType(field.type).name);
  for (const arg of field.args) addInputClosure(schema, getNamedType(arg.type).name, into);
}

/** One type of the pruned schema as SDL, without descriptions or applied directives. */
function typeSdl(type: GraphQLNamedType, into: Collected): string | undefined {
  const keep = into.fields.get(type.name) ?? new Set<string>();
  const kept = (names: string[]) => names.filter((n) => keep.has(n)).sort();
  if (isEnumType(type)) return `enum ${type.name} {\n${type.getValues().map((v) => `  ${v.name}`).join('\n')}\n}`;
  if (isUnionType(type)) {
    const members = type.getTypes().filter((t) => into.named.has(t.name)).map((t) => t.name);
    return members.length ? `union ${type.name} = ${members.join(' | ')}` : undefined;
  }
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    const lines = kept(Object.keys(fields)).map((n) => `  ${n}: ${String(fields[n]?.type)}${defaultOf(fields[n]?.astNode?.defaultValue)}`);
    return `input ${type.name} {\n${lines.join('\n')}\n}`;
  }
  if (isObjectType(type) || isInterfaceType(type)) {
    const fields = type.getFields();
    const faces = type.getInterfaces().filter((face) => into.named.has(face.name)).map((face) => face.name);
    const lines = kept(Object.keys(fields)).map((n) => `  ${n}${argsSdl(fields[n])}: ${String(fields[n]?.type)}`);
    const keyword = isObjectType(type) ? 'type' : 'interface';
    const implementsPart = faces.length ? ` implements ${faces.join(' & ')}` : '';
    return `${keyword} ${type.name}${implementsPart} {\n${(lines.length ? lines : ['  _unused: Boolean']).join('\n')}\n}`;
  }
  return ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name) ? undefined : `scalar ${type.name}`;
}

function defaultOf(value: Parameters<typeof print>[0] | undefined): string {
  return value ? ` = ${print(value)}` : '';
}

function argsSdl(field: GraphQLField<unknown, unknown> | undefined): string {
  if (!field || field.args.length === 0) return '';
  return `(${field.args.map((arg) => `${arg.name}: ${String(arg.type)}${defaultOf(arg.astNode?.defaultValue)}`).join(', ')})`;
}

/** The fixture's text: the header, then the pruned schema, types sorted by name. */
export function schemaFacts(schema: GraphQLSchema, documents: readonly string[]): string {
  const into = new Collected();
  for (const document of documents) collectDocument(schema, document, into);
  close(schema, into);
  const types = [...into.named].sort().flatMap((name) => {
    const type = schema.getType(name);
    const sdl = type ? typeSdl(type, into) : undefined;
    return sdl ? [sdl] : [];
  });
  const roots = `schema {\n  query: ${schema.getQueryType()?.name ?? 'Query'}\n${schema.getMutationType() && into.named.has(schema.getMutationType()?.name ?? '') ? `  mutation: ${schema.getMutationType()?.name}\n` : ''}}`;
  return `${HEADER}\n${roots}\n\n${types.join('\n\n')}\n`;
}

let built: GraphQLSchema | undefined;

/** The committed facts as a schema (built once per process); throws when the fixture does not build. */
export function buildFactsSchema(): GraphQLSchema {
  if (built) return built;
  const schema = buildASTSchema(parse(readFileSync(FACTS_FILE, 'utf8')));
  const errors = validateSchema(schema);
  if (errors.length > 0) throw new Error(`${FACTS_FILE} does not build: ${errors.map((e) => e.message).join('; ')}`);
  built = schema;
  return schema;
}
