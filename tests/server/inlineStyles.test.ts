// Rendered pages carry the stylesheet inside the HTML; the link stays, disabled, so Vite's chunk loader does not
// fetch it again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../server/http/inlineStyles.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'inline-styles-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'site-1.css'), '.a{color:red}');
writeFileSync(path.join(dist, 'assets', 'odd-2.css'), '.b{content:"</style>"}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('inlineStylesheets', () => {
  it('puts the stylesheet into the page and keeps its link disabled', () => {
    const template = '<head><title>x</title>\n<link rel="stylesheet" crossorigin href="/assets/site-1.css">\n</head>';
    expect(inlineStylesheets(template, dist)).toBe(
      '<head><title>x</title>\n<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/site-1.css" disabled>\n</head>',
    );
  });

  it('leaves a stylesheet that would end the style element early as a link', () => {
    const template = '<link rel="stylesheet" crossorigin href="/assets/odd-2.css">';
    expect(inlineStylesheets(template, dist)).toBe(template);
  });
});
