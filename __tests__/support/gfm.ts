// GitHub's Markdown, as the tests judge a pull-request comment by it: cmark-gfm
// (GitHub's fork of cmark, through the npm package cmark-gfm 0.9.0) with the
// extensions GitHub turns on for comments (table, autolink, strikethrough,
// tagfilter) and raw HTML passed through (GitHub sanitizes it afterwards). On
// the HTML, GitHub then links @mentions, team mentions and issue references in
// text that is not inside a `code`, `pre` or `a` element (html-pipeline's
// MentionFilter IGNORE_PARENTS): what is left outside those is what a value must
// never reach.
import { renderHtmlSync } from 'cmark-gfm';

/** The Markdown as cmark-gfm renders it for a GitHub comment. */
export function renderGfm(markdown: string): string {
  return renderHtmlSync(markdown, { unsafe: true, extensions: { table: true, autolink: true, strikethrough: true, tagfilter: true } });
}

/** One piece of cmark-gfm's HTML: a start or end tag (by name), a comment, or text (character references decoded). */
export type HtmlToken = { readonly tag: string; readonly end: boolean } | { readonly comment: string } | { readonly text: string };

const REFERENCES: { readonly [name: string]: string } = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with HTML's character references decoded (the named ones cmark writes, and numeric ones). */
export function decodeReferences(text: string): string {
  return text.replace(/&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);/g, (whole, ref: string) =>
    ref.startsWith('#x') ? String.fromCodePoint(parseInt(ref.slice(2), 16)) : ref.startsWith('#') ? String.fromCodePoint(Number(ref.slice(1))) : REFERENCES[ref] ?? whole,
  );
}

/**
 * cmark-gfm's HTML as tokens. Its output is regular: text never holds a raw
 * `<` (cmark writes `&lt;`; tagfilter escapes the filtered tags' `<`), and the
 * raw HTML passed through is our own `<details>`, `<summary>`, `<code>` and
 * `<!-- -->`, whose text is escaped the same way.
 */
export function htmlTokens(html: string): HtmlToken[] {
  const out: HtmlToken[] = [];
  for (const m of html.matchAll(/<!--([\s\S]*?)-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|[^<]+|</g)) {
    if (m[1] !== undefined) out.push({ comment: m[1] });
    else if (m[3] !== undefined) out.push({ tag: m[3].toLowerCase(), end: m[2] === '/' });
    else out.push({ text: decodeReferences(m[0]) });
  }
  return out;
}

/** Elements whose text GitHub does not scan for mentions and references. */
const LITERAL_PARENTS = new Set(['code', 'pre', 'a']);

/** What a rendering is made of, values apart. */
export interface GfmReading {
  /**
   * The elements in order (start and end tags by name) with each run of
   * `<code>` elements that only comments separate as one `code` element whose
   * text is `{code}`; every other text as it is.
   */
  readonly skeleton: string[];
  /** The text of each such run of code elements, in order (a value split around `##[` is one run). */
  readonly code: string[];
  /** The text GitHub scans for mentions: outside code, pre and a elements. */
  readonly scanned: string;
}

/** Reads a rendering: its skeleton, its code and the text GitHub scans for mentions. */
export function readGfm(html: string): GfmReading {
  const skeleton: string[] = [];
  const code: string[] = [];
  const scanned: string[] = [];
  const open: string[] = [];
  const tokens = htmlTokens(html);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if ('tag' in t && t.tag === 'code' && !t.end && !open.some((p) => LITERAL_PARENTS.has(p))) {
      // A run: <code>…</code>, then (<!-- … --> <code>…</code>)*.
      let text = '';
      let j = i;
      for (;;) {
        j++;
        while (j < tokens.length && !('tag' in tokens[j] && (tokens[j] as { tag: string }).tag === 'code')) {
          const inner = tokens[j];
          if (!('text' in inner)) throw new Error(`markup inside code: ${JSON.stringify(inner)}`);
          text += inner.text;
          j++;
        }
        const next = tokens[j + 1];
        const after = tokens[j + 2];
        if (next !== undefined && 'comment' in next && after !== undefined && 'tag' in after && after.tag === 'code' && !after.end) {
          j += 2;
          continue;
        }
        break;
      }
      skeleton.push('<code>{code}</code>');
      code.push(text);
      i = j;
      continue;
    }
    if ('tag' in t) {
      if (t.end) open.splice(open.lastIndexOf(t.tag), 1);
      else if (!['br', 'hr', 'img', 'input'].includes(t.tag)) open.push(t.tag);
      skeleton.push(`<${t.end ? '/' : ''}${t.tag}>`);
    } else if ('comment' in t) {
      skeleton.push('<!---->');
    } else {
      skeleton.push(t.text);
      if (!open.some((p) => LITERAL_PARENTS.has(p))) scanned.push(t.text);
    }
  }
  return { skeleton, code, scanned: scanned.join('') };
}

/** The body rows of the rendering's tables, each cell read as {@link readGfm} reads a rendering. */
export function tableRows(html: string): GfmReading[][] {
  const rows: GfmReading[][] = [];
  for (const body of html.split('<tbody>').slice(1)) {
    for (const row of body.split('</tbody>')[0].split('<tr>').slice(1)) rows.push([...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => readGfm(m[1])));
  }
  return rows;
}

/**
 * What GitHub would link in scanned text: @mentions and team mentions
 * (`@octocat`, `@github/security`), issue and pull-request references
 * (`#12`, `owner/repo#12`, `GH-12`): a close reading of html-pipeline's
 * MentionFilter and IssueReferenceFilter patterns, generous rather than exact.
 */
export function linkedReferences(scanned: string): string[] {
  return [...scanned.matchAll(/(?:^|\W)(@[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)?|[\w.-]+\/[\w.-]+#\d+|#\d+|GH-\d+)/gi)].map((m) => m[1]);
}
