import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { factsOfKind } from '../model/facts';
import type { Located } from '../model/range';
import { holdsEnvReference } from '../formats/envReference';
import { droppedWithoutUpstream } from './lineageFacts';
import { diagnostic, quote, SyntaxReported, trimRange } from './ruleHelpers';
import type { Rule } from './types';
import { datasetOfFieldUrn, parseUrnSyntax, readableName } from './urnParts';

/**
 * What the DataHub lineage source (`datahub-lineage-file`) accepts and what it silently drops
 * (reference/datahub-formats.md §1c): `version` must be 1, entity `type` must be dataset, `name` is a
 * plain name and not a URN, nested upstreams / fineGrainedLineages on upstream nodes are ignored,
 * and so are the fineGrainedLineages of an entry without upstreams. A value holding an
 * environment-variable reference is judged only once DataHub expands it (formats/envReference.ts).
 */
export const lineageFileShape: Rule = {
  codes: ['lineage.version', 'lineage.entityType', 'lineage.nameIsUrn', 'lineage.nestedIgnored', 'lineage.noUpstream'],
  run: ({ model, text }) => {
    if (model.format !== 'lineageFile') return [];
    const reported = new SyntaxReported(model);
    return [...checkVersion(model, reported), ...checkEntities(model, reported), ...checkIgnored(model, text), ...checkNoUpstream(model, text)];
  },
};

function checkVersion(model: DocumentModel, reported: SyntaxReported): CoreDiagnostic[] {
  const diagnostics: CoreDiagnostic[] = [];
  for (const fact of factsOfKind(model, 'formatVersion')) {
    if (String(fact.value.value).trim() === '1' || reported.has(fact.value.range) || holdsEnvReference(fact.value.value)) continue;
    diagnostics.push(
      diagnostic('lineage.version', 'error', fact.value.range, `Lineage files have only version 1; ${quote(fact.value.value)} is rejected by DataHub ("Only version 1 is supported"). Write version: 1.`, { candidates: ['1'] }),
    );
  }
  return diagnostics;
}

function checkEntities(model: DocumentModel, reported: SyntaxReported): CoreDiagnostic[] {
  const diagnostics: CoreDiagnostic[] = [];
  for (const declaration of factsOfKind(model, 'entityDeclaration')) {
    if (declaration.origin !== 'lineageFile') continue;
    const type = declaration.fields.type;
    if (type && type.value !== 'dataset' && !reported.has(type.range) && !holdsEnvReference(type.value)) {
      diagnostics.push(
        diagnostic('lineage.entityType', 'error', type.range, `The lineage file supports only datasets; type ${quote(type.value)} is rejected by DataHub ("Type must be one of ['dataset']"). Write type: dataset, or use an MCP file or updateLineage for other entities.`, {
          candidates: ['dataset'],
        }),
      );
    }
    const name = declaration.fields.name;
    if (name && typeof name.value === 'string' && name.value.startsWith('urn:li:')) diagnostics.push(nameIsUrn(name as Located<string>));
  }
  return diagnostics;
}

function nameIsUrn(name: Located<string>): CoreDiagnostic {
  const parsed = parseUrnSyntax(name.value);
  const candidates: string[] = [];
  const data: Record<string, unknown> = {};
  if (parsed?.entityType === 'dataset') {
    const [platform, datasetName, env] = parsed.parts;
    if (datasetName?.kind === 'text') candidates.push(datasetName.value);
    if (platform?.kind === 'urn') {
      const platformName = platform.parts[0];
      if (platformName?.kind === 'text') data.platform = platformName.value;
    }
    if (env?.kind === 'text') data.env = env.value;
  }
  const hint = candidates.length > 0 ? ` Write name: ${candidates[0]}${data.platform ? `, platform: ${String(data.platform)}` : ''}${data.env ? `, env: ${String(data.env)}` : ''}.` : ' Write the plain dataset name and give platform and env as their own keys.';
  return diagnostic('lineage.nameIsUrn', 'error', name.range, `A lineage-file entity name must be a plain name, not a URN; DataHub rejects it ("Name should not start with urn:li:").${hint}`, { ...data, candidates });
}

function checkIgnored(model: DocumentModel, text: string): CoreDiagnostic[] {
  const diagnostics: CoreDiagnostic[] = [];
  for (const edge of factsOfKind(model, 'lineageEdge')) {
    if (edge.origin !== 'lineageFile' || (edge.depth ?? 0) === 0) continue;
    diagnostics.push(
      diagnostic(
        'lineage.nestedIgnored',
        'warning',
        edge.upstream.range,
        `This upstream of an upstream is ignored: the DataHub lineage source reads only the direct upstreams of top-level lineage entries, so ${edge.upstream.value} → ${edge.downstream.value} is never written. Add a top-level entry for ${edge.downstream.value} with this upstream instead.`,
        { downstream: edge.downstream.value, upstream: edge.upstream.value },
      ),
    );
  }
  for (const edge of factsOfKind(model, 'fineGrainedEdge')) {
    if ((edge.depth ?? 0) === 0) continue;
    diagnostics.push(
      diagnostic(
        'lineage.nestedIgnored',
        'warning',
        trimRange(text, edge.range),
        `fineGrainedLineages on an upstream node are ignored: the DataHub lineage source reads column lineage only from top-level lineage entries. Move it to a top-level entry for ${edge.owner.value}.`,
        { owner: edge.owner.value },
      ),
    );
  }
  return diagnostics;
}

/** Column lineage of a top-level entry without upstreams: DataHub writes nothing for that entry (lineageFacts.ts). */
function checkNoUpstream(model: DocumentModel, text: string): CoreDiagnostic[] {
  const diagnostics: CoreDiagnostic[] = [];
  for (const edge of factsOfKind(model, 'fineGrainedEdge')) {
    if (!droppedWithoutUpstream(model, edge)) continue;
    const owner = edge.owner.value;
    const sources = [...new Set(edge.upstreams.map((column) => datasetOfFieldUrn(column.value)))].filter((dataset): dataset is string => dataset !== undefined && dataset !== owner);
    const fix =
      sources.length > 0
        ? `Add ${sources.map(readableName).join('; ')} under \`upstream:\` of this entry`
        : 'Add the datasets it reads under `upstream:` of this entry, or write this column lineage in an upstreamLineage aspect (an MCP file)';
    diagnostics.push(
      diagnostic(
        'lineage.noUpstream',
        'warning',
        trimRange(text, edge.range),
        `This column lineage of ${readableName(owner)} is never written: its lineage entry has no upstream, and the DataHub lineage source skips such an entry entirely (it writes nothing for it), so these column edges are silently lost. ${fix}.`,
        { owner, missingUpstreams: sources },
      ),
    );
  }
  return diagnostics;
}
