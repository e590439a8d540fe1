/** Small readers of the repository's Markdown, for the tests that keep documents true. */

/** The `##` sections of a document, in order, each with its heading, GitHub anchor and text. */
export interface MarkdownSection {
  heading: string;
  anchor: string;
  text: string;
}

/** GitHub's anchor of a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Splits a document at its level-2 headings (outside fenced code); repeated anchors are numbered as GitHub numbers them. */
export function level2Sections(markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  const seen = new Map<string, number>();
  let fenced = false;
  let current: { heading: string; anchor: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = headingSlug(heading[2]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      if (heading[1] === '##') {
        if (current)
          sections.push({ heading: current.heading, anchor: current.anchor, text: current.lines.join('\n') });
        current = { heading: heading[2]!, anchor: n === 0 ? base : `${base}-${n}`, lines: [] };
        continue;
      }
    }
    current?.lines.push(line);
  }
  if (current) sections.push({ heading: current.heading, anchor: current.anchor, text: current.lines.join('\n') });
  return sections;
}

/** The rows of the first pipe table in `text` (header and separator left out), each a list of trimmed cells. */
export function firstTable(text: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith('|'));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}
