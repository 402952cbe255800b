import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * markdown-it, the CommonMark parser the tests read Markdown with as GitHub and VS Code's preview
 * would: the tokens they look at, typed once (markdown-it ships no types of its own).
 */
export interface MarkdownToken {
  type: string;
  content: string;
  markup: string;
  info: string;
  attrs: [string, string][] | null;
  children: MarkdownToken[] | null;
}

export interface MarkdownParser {
  parse(source: string, env: object): MarkdownToken[];
}

type MarkdownItConstructor = new (options: { html: boolean; linkify?: boolean }) => MarkdownParser;
const MarkdownIt = createRequire(join(process.cwd(), 'package.json'))('markdown-it') as MarkdownItConstructor;

/** `html`: raw HTML read as HTML (GitHub renders it, then sanitises); `linkify`: bare URLs, `www.` names and addresses become links. */
export function markdownParser(options: { html: boolean; linkify?: boolean }): MarkdownParser {
  return new MarkdownIt(options);
}
