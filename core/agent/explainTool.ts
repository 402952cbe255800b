import { CODE_SUMMARIES, codeDoc, DEFAULT_DIAGNOSTICS_DOC_URL } from '../diagnostics/codeDocs';
import { policyOf } from '../diagnostics/policy';
import { toolError, type AgentTool } from './toolTypes';

/**
 * How to fix a code, by its family: what an agent does next. The meaning and the authority come
 * from core/diagnostics (codeDocs.ts, policy.ts), written once there; this adds only the next step.
 */
export const FIX_BY_FAMILY: Readonly<Record<string, string>> = {
  parse: 'Fix the YAML or JSON syntax at the position given (indentation, a missing colon or quote), then validate again.',
  format: 'Write the key or value the format expects at that place: the message names the allowed keys or values, and validate_files lists the quick fixes.',
  urn: 'Correct the URN: urn:li:<entityType>:<key>, e.g. urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD). The quick fixes offer the closest valid spelling.',
  definition: 'Change the structured property definition as the message says; for a change DataHub calls breaking, raise `version` (14 digits, yyyyMMddHHmmss).',
  property: 'Call describe_property for the property to see its value type, cardinality, allowed values and entity types, and write a value that fits (or change the definition first).',
  lineage: 'Correct the lineage entry (call get_lineage to see the edges as the files make them); a column edge needs a dataset edge between the same datasets.',
  form: 'Make the form name a structured property that exists and applies to the form\'s entity types.',
  document: 'Split the file, or check it with validate_files, which reads files of any size.',
  workspace: 'Raise CATALOG_MAX_WORKSPACE_FILES, or open a smaller folder.',
  internal: 'A bug in Catalog Code: report it with the file that triggers it.',
};

/** A code whose next step is not its family's. */
const FIX_BY_CODE: Readonly<Record<string, string>> = {
  'lineage.sqlDisagrees':
    'Compare the column edges with the SQL the message names: remove or correct an edge the SQL does not support (or fix the SQL if it is out of date), and add the missing ones with the quick fix "Add the column edges the SQL of <dataset> implies" or propose_lineage_from_sql. Only the editor reports it.',
};

export const explainDiagnosticTool: AgentTool = {
  name: 'explain_diagnostic',
  title: 'Explain a diagnostic code',
  description:
    'What a Catalog Code diagnostic code (e.g. property.notAllowedValue, urn.syntax) means, whether DataHub itself refuses it (and which DataHub validator decides that), how to fix it, and the link to its documentation. ' +
    'Use it for a code validate_files returned that you do not know.',
  inputSchema: {
    type: 'object',
    properties: { code: { type: 'string', minLength: 1, maxLength: 100, description: 'The diagnostic code, e.g. property.notAllowedValue.' } },
    required: ['code'],
    additionalProperties: false,
  },
  readOnly: true,
  async run(input) {
    const code = (input.code as string).trim();
    if (!Object.prototype.hasOwnProperty.call(CODE_SUMMARIES, code)) {
      const family = code.split('.')[0];
      const near = Object.keys(CODE_SUMMARIES).filter((known) => known.startsWith(`${family}.`) || known.toLowerCase().includes(code.toLowerCase().split('.').pop() ?? '')).slice(0, 10);
      return toolError(`Catalog Code has no diagnostic code '${code.slice(0, 100)}'.${near.length > 0 ? ` Codes near it: ${near.join(', ')}.` : ''} The list is in docs/diagnostics.md.`, { known: near });
    }
    const doc = codeDoc(code, DEFAULT_DIAGNOSTICS_DOC_URL);
    const policy = policyOf(code);
    const fix = FIX_BY_CODE[code] ?? FIX_BY_FAMILY[code.split('.')[0]] ?? 'See the documentation link.';
    const refusedBy = policy?.authority === 'datahub' ? 'DataHub refuses it (an error)' : policy?.authority === 'localCatalog' ? 'only the local catalog refuses it (DataHub stores it)' : 'accepted everywhere, but probably a mistake (a warning at most)';
    const suppress = `To keep it on purpose: put "# catalog-code-disable-next-line ${code}" on the line above (// in .jsonc).`;
    return {
      summary: `${code}: ${doc.short} ${policy ? `${refusedBy}; decided by ${policy.decidedBy}.` : ''} Fix: ${fix} ${doc.helpUri}`,
      structured: { code, meaning: doc.short, explanation: doc.full, authority: policy?.authority ?? 'advice', decidedBy: policy?.decidedBy, howToFix: fix, suppress, documentation: doc.helpUri },
    };
  },
};
