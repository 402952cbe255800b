/**
 * `urn:li:corpUser:…` (DataHub's lineage sources write it; GMS finds corpuser case-insensitively):
 * a warning, not an error, whose candidates give the quick fix `corpuser` — end to end through
 * the format adapter, the rules and the code actions.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { codeActions } from '../../../core/features/codeActions';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { DIAGNOSTIC_SOURCE } from '../../../core/model/diagnostic';
import { validateDocument } from '../../../core/validate';
import { documentOf, inputOf } from '../features/helpers';

// The updateLineage edge document (a YAML format Catalog Code reads). The same fix in JSON is the
// quick-fix writer's (core/features/scalarText.ts, issue #12 defect 14).
const URI = 'file:///w/edges.yaml';
const TEXT = `edgesToAdd:
  - upstreamUrn: urn:li:corpUser:datahub
    downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)
`;

function diagnostics(text: string): Diagnostic[] {
  const document = documentOf(URI, text);
  return validateDocument({ model: document.model, text, definitions: EMPTY_DEFINITIONS }).map((d) => ({
    range: { start: document.lineIndex.positionAt(d.range.start), end: document.lineIndex.positionAt(d.range.end) },
    severity: d.severity === 'error' ? 1 : d.severity === 'warning' ? 2 : 3,
    message: d.message,
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    data: d.data,
  }));
}

test('urn:li:corpUser: is a warning with the corpuser fix, and the fixed file has no URN finding', () => {
  const found = diagnostics(TEXT).filter((d) => String(d.code).startsWith('urn.'));
  assert.equal(found.length, 1, JSON.stringify(found));
  const [warning] = found;
  assert.equal(warning.code, 'urn.entityType');
  assert.equal(warning.severity, 2, 'a warning: GMS accepts it');
  assert.match(String(warning.message), /corpuser/);
  const document = documentOf(URI, TEXT);
  const index = document.lineIndex;
  const range = { start: index.offsetAt(warning.range.start), end: index.offsetAt(warning.range.end) };
  assert.equal(TEXT.slice(range.start, range.end), 'corpUser');
  const actions = codeActions(inputOf(document, EMPTY_DEFINITIONS), range, [warning]);
  const preferred = actions.find((a) => a.isPreferred);
  assert.equal(preferred?.title, "Fix the case: 'corpuser'");
  const edits = preferred?.edit?.changes?.[URI];
  assert.ok(edits);
  const fixed = TextDocument.applyEdits(TextDocument.create(URI, 'yaml', 1, TEXT), edits);
  assert.ok(fixed.includes('upstreamUrn: urn:li:corpuser:datahub\n'), fixed);
  assert.deepEqual(diagnostics(fixed).filter((d) => String(d.code).startsWith('urn.')), []);
});
