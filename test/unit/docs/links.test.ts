// Every relative link in README.md and docs/*.md leads somewhere: the file exists, and an anchor
// (`page.md#section`) names a heading of that page or an `<a id>` in it. A README that links a
// section no page has fails here, not in a reader's browser.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../../src/shared/paths';

const PAGES = [
  'README.md',
  ...readdirSync(path.join(PROJECT_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(id);
  return anchors;
}

describe('docs: links', () => {
  for (const page of PAGES) {
    it(`when ${page} links another page or a section, then it exists`, () => {
      const text = readFileSync(path.join(PROJECT_ROOT, page), 'utf8');
      const broken: string[] = [];
      for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [file, anchor] = target.split('#');
        const resolved = file
          ? path.resolve(path.dirname(path.join(PROJECT_ROOT, page)), file)
          : path.join(PROJECT_ROOT, page);
        if (!existsSync(resolved)) broken.push(`${target}: no such file`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor))
          broken.push(`${target}: no such section`);
      }
      assert.deepEqual(broken, [], `${page} links nowhere: ${broken.join('; ')}`);
    });
  }
});
