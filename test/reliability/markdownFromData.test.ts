import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { serverOnCatalog, type ServerOnCatalog } from '../protocol/catalogServer';
import { markdownParser, type MarkdownToken } from '../support/markdownParser';

/**
 * Issue 33, attacks 1–3: every LSP answer that carries Markdown (hover cards on URNs, property keys
 * and values; completion documentation of properties and of allowed values), asked of the real
 * language server over stdio at every position of files whose every field an author or a catalog
 * can set holds hostile Markdown: dataset ids, URN parts, property ids and keys, display names,
 * descriptions, allowed values and their descriptions, the workspace's `catalogCode.service.uiUrl`.
 * Each answer is parsed as VS Code's preview and GitHub read it (markdown-it, CommonMark, raw HTML
 * and linkify on) and holds no image, no HTML and no link but the code's own "Open in DataHub" to
 * the UI address. Then the honest path: the hostile text is shown, as text, and completion still
 * offers the allowed values.
 */

const parser = markdownParser({ html: true, linkify: true });

const EVIL = 'evil.example';
/** Each closes a code span, opens an image, a link, an autolink, HTML, a comment, or is a bare URL, domain or address. */
const PAYLOADS = [
  `x\`![i](https://${EVIL}/p.png)\``,
  `\`\`\` [k](https://${EVIL}/k) <img src=https://${EVIL}/h.png> <!-- hidden`,
  `see https://${EVIL}/bare and www.${EVIL} or ops@${EVIL}, <https://${EVIL}/auto> ${EVIL}/path`,
  `]] (https://${EVIL}/paren) *bold* _em_ | table | <b>html</b> &lt;`,
];
const yamlString = (value: string) => JSON.stringify(value);
const UI_URL = 'https://datahub.example.com/ui>![i](https://evil.example/u.png)';

function propertiesYaml(id: string, payloads: readonly string[]): string {
  return `- id: ${id}
  type: string
  cardinality: SINGLE
  display_name: ${yamlString(payloads[0])}
  description: ${yamlString(payloads.join(' · '))}
  entity_types: [dataset]
  allowed_values:
${payloads.map((payload, i) => `    - value: ${yamlString(payload)}\n      description: ${yamlString(payloads[(i + 1) % payloads.length])}`).join('\n')}
    - value: gold
      description: The honest value, https://docs.acme.com/tiers
`;
}

const HOSTILE_ID = `io.acme.x\`![q](https://${EVIL}/q.png)\``;
const DATASETS = `- id: ${yamlString(PAYLOADS[0])}
  platform: hive
  structured_properties:
    io.acme.svc: ${yamlString(PAYLOADS[1])}
    io.acme.tier: gold
    ${yamlString(`k\`[k](https://${EVIL}/key)\``)}: 1
- id: ${yamlString(PAYLOADS[2])}
  platform: ${yamlString(PAYLOADS[3])}
  structured_properties:
    io.acme.tier: 
`;
const LINEAGE = `lineage:
  - entity: ${yamlString(`urn:li:dataset:(urn:li:dataPlatform:hive,${PAYLOADS[0]},PROD)`)}
    upstream:
      - entity: ${yamlString(`urn:li:dataset:(urn:li:dataPlatform:${PAYLOADS[3]},t,PROD)`)}
      - entity: ${yamlString(`urn:li:dataset:(urn:li:dataPlatform:hive,${PAYLOADS[2]}`)}
      - entity: ${yamlString(`urn:li:structuredProperty:${HOSTILE_ID}`)}
`;

const FILES: Record<string, string> = {
  'properties.yaml': propertiesYaml('io.acme.tier', PAYLOADS) + propertiesYaml(HOSTILE_ID, PAYLOADS.slice().reverse()),
  'datasets.yaml': DATASETS,
  'lineage.yaml': LINEAGE,
};

/** What is wrong in one rendered answer: an image, HTML, or a link that is not the code's own. */
function forbidden(markdown: string): string[] {
  const found: string[] = [];
  const visit = (tokens: readonly MarkdownToken[]) => {
    tokens.forEach((token, index) => {
      if (token.type === 'image') found.push(`image ${JSON.stringify(token.attrs)}`);
      if (token.type === 'html_inline' || token.type === 'html_block') found.push(`HTML ${JSON.stringify(token.content)}`);
      if (token.type === 'link_open') {
        const href = token.attrs?.find(([name]) => name === 'href')?.[1] ?? '';
        const label = tokens[index + 1]?.content;
        const own = token.markup !== 'linkify' && token.markup !== 'autolink' && label === 'Open in DataHub' && originOf(href) === 'https://datahub.example.com';
        if (!own) found.push(`link ${JSON.stringify(href)} (${token.markup || 'inline'}) labelled ${JSON.stringify(label)}`);
      }
      if (token.children) visit(token.children);
    });
  };
  visit(parser.parse(markdown, {}));
  return found;
}

function originOf(href: string): string | undefined {
  try {
    return new URL(href).origin;
  } catch {
    return undefined;
  }
}

/** The plain text a reader sees (every text and code span), to show the data is there, as text. */
function shownText(markdown: string): string {
  const parts: string[] = [];
  const visit = (tokens: readonly MarkdownToken[]) => {
    for (const token of tokens) {
      if (token.type === 'text' || token.type === 'code_inline') parts.push(token.content);
      if (token.children) visit(token.children);
    }
  };
  visit(parser.parse(markdown, {}));
  return parts.join('');
}

describe('reliability: Markdown from files and the catalog in LSP answers (hover, completion)', () => {
  let server: ServerOnCatalog;
  const answers: { where: string; markdown: string }[] = [];

  before(async () => {
    server = await serverOnCatalog({
      token: 'markdown-from-data-token',
      seeds: { 'properties.yaml': propertiesYaml('io.acme.svc', PAYLOADS) },
      files: FILES,
      client: { settings: { service: { uiUrl: UI_URL } } },
    });
    const client = server.client;
    for (const [name, text] of Object.entries(FILES)) {
      const uri = server.uri(name);
      await client.open(uri, text);
      const lines = text.split('\n');
      for (const [line, content] of lines.entries()) {
        // Every other column: each key, value and URN part is at least two characters wide.
        for (let character = 0; character <= content.length; character += 2) {
          const position = { line, character };
          const where = `${name}:${line + 1}:${character + 1}`;
          const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as Hover | null;
          if (hover) answers.push({ where: `hover ${where}`, markdown: (hover.contents as MarkupContent).value });
          const completion = (await client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position })) as CompletionList | CompletionItem[] | null;
          const items = Array.isArray(completion) ? completion : (completion?.items ?? []);
          for (const item of items) {
            const doc = item.documentation;
            if (doc && typeof doc === 'object' && doc.kind === 'markdown') answers.push({ where: `completion ${item.label} ${where}`, markdown: doc.value });
          }
        }
      }
    }
  });

  after(async () => server?.stop());

  it('walks hover cards and completion documentation of every kind', () => {
    const kinds = {
      urnCard: answers.some((a) => a.where.startsWith('hover') && / URN\n/.test(a.markdown)),
      propertyCard: answers.some((a) => a.where.startsWith('hover') && /Allowed values:/.test(a.markdown)),
      undefinedKey: answers.some((a) => /No definition found/.test(a.markdown)),
      allowedValueLine: answers.some((a) => a.where.startsWith('hover') && /^`gold` — /.test(a.markdown)),
      invalidUrn: answers.some((a) => /Not a valid URN/.test(a.markdown)),
      propertyDocs: answers.some((a) => a.where.startsWith('completion') && /Allowed values:/.test(a.markdown)),
      valueDocs: answers.some((a) => a.where.startsWith('completion') && !/Allowed values:/.test(a.markdown)),
      serviceCard: answers.some((a) => /io\.acme\.svc/.test(a.markdown) && /Defined in: the service/.test(a.markdown)),
      openInDataHub: answers.some((a) => /\[Open in DataHub\]/.test(a.markdown)),
    };
    assert.deepEqual(Object.entries(kinds).filter(([, seen]) => !seen).map(([kind]) => kind), [], `answers: ${answers.length}`);
  });

  it('no answer renders an image, HTML, or a link the code did not put there', () => {
    const bad = answers.flatMap((answer) => forbidden(answer.markdown).map((problem) => `${answer.where}: ${problem}\n${answer.markdown.slice(0, 600)}`));
    assert.deepEqual(bad.slice(0, 5), [], `${bad.length} bad answer(s) of ${answers.length}`);
  });

  it('the honest path: the hostile values are shown as the text they are, and completion still offers the allowed values', async () => {
    const shown = answers.map((answer) => shownText(answer.markdown)).join('\n');
    for (const payload of PAYLOADS) assert.ok(shown.includes(payload), `shown as text: ${payload}`);
    assert.ok(shown.includes('The honest value, https://docs.acme.com/tiers'));
    const uri = server.uri('datasets.yaml');
    const line = DATASETS.split('\n').length - 2;
    const list = (await server.client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character: '    io.acme.tier: '.length } })) as CompletionList;
    assert.deepEqual(
      list.items.map((item) => item.label).sort(),
      [...PAYLOADS, 'gold'].sort(),
    );
  });
});
