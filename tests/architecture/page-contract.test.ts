/**
 * What the page carries between the programs that make it and the scripts that run in it is written in one place,
 * src/shared/page-contract.ts (docs/architecture.md, "The page's scripts"): the window globals the inline scripts
 * share with the app and the login page are declared there, typed, and no other module casts `window` (or
 * `globalThis`, `self`) to reach one, nor declares a global of its own. A cast is how a second, untyped
 * spelling of a global would creep in. The second block feeds the checker deliberate violations.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './import-rules.ts';
import { sourceFiles } from './source-files.ts';

const PAGE_CONTRACT = 'src/shared/page-contract.ts';

const PAGE_CONTRACT_RULES = {
  windowCast: 'no module casts window, globalThis or self (as …, <…>), or casts a value to Window',
  globalDeclared: 'no module declares a global (declare global, interface Window) but page-contract.ts',
} as const;

type Rule = keyof typeof PAGE_CONTRACT_RULES;

const GLOBAL = '(?:window|globalThis|self)';
const CHECKS: ReadonlyArray<{ rule: Rule; pattern: RegExp; typeScriptOnly?: true }> = [
  // `window as X`, `(window as unknown as X)`, `(globalThis) as X`.
  { rule: 'windowCast', pattern: new RegExp(String.raw`\b${GLOBAL}\s*\)?\s*as\b`, 'g') },
  // `<X>window`: an angle-bracket cast (in .tsx the same text is an element, and cannot be a cast).
  {
    rule: 'windowCast',
    pattern: new RegExp(String.raw`<[\w\s.,|&{}:;?[\]]+>\s*\(?\s*${GLOBAL}\b`, 'g'),
    typeScriptOnly: true,
  },
  // `{} as Window & { x: 1 }`, `value as unknown as typeof globalThis`.
  { rule: 'windowCast', pattern: /\bas\s+(?:unknown\s+as\s+)?(?:Window|typeof\s+globalThis)\b/g },
  { rule: 'globalDeclared', pattern: /\bdeclare\s+global\b|\binterface\s+Window\b/g },
];

const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;
/** A string or template literal; a template may span lines, a quoted string does not. */
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/** Each breach outside the page contract, as 'file:line: rule: code'. Tests may set globals up as they need. */
function pageContractBreaches(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file.path === PAGE_CONTRACT || !file.path.startsWith('src/') || /\.test\.tsx?$/.test(file.path))
      continue;
    // Comments and the text of literals out (same length, so lines keep their numbers).
    const code = file.source
      .split('\n')
      .map((line) => (COMMENT_LINE.test(line) ? '' : line))
      .join('\n')
      .replace(LITERAL, (literal) => literal.replace(/[^\n]/g, ' '));
    for (const { rule, pattern, typeScriptOnly } of CHECKS) {
      if (typeScriptOnly && file.path.endsWith('.tsx')) continue;
      for (const match of code.matchAll(pattern)) {
        const line = code.slice(0, match.index).split('\n').length;
        found.push(`${file.path}:${line}: ${rule}: ${match[0].replace(/\s+/g, ' ').trim()}`);
      }
    }
  }
  return found.sort();
}

describe('the page contract is the one place of the window globals', () => {
  const files = sourceFiles(path.resolve('src'));

  it('declares them', () => {
    const contract = files.find((file) => file.path === PAGE_CONTRACT);
    expect(contract?.source).toMatch(/declare global \{[\s\S]*interface Window \{/);
  });

  it('no other module in src/ casts window or declares a global', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(pageContractBreaches(files)).toEqual([]);
  });
});

describe('the page-contract checker catches deliberate violations', () => {
  const casts: SourceFile = {
    path: 'src/client/lib/api.ts',
    source: [
      'const early = (window as unknown as { naalepudenEarly?: EarlyAnswers }).naalepudenEarly;',
      '(globalThis as { naalepudenTaps?: HeldTaps }).naalepudenTaps = held;',
      'const taps = (<{ naalepudenTaps?: HeldTaps }>window).naalepudenTaps;',
      'const scope = (self) as ServiceWorkerGlobalScope;',
      'const w = {} as Window & { naalepudenReadFirst?: () => void };',
    ].join('\n'),
  };
  const declared: SourceFile = {
    path: 'src/client/boot/boot.ts',
    source: ['declare global {', '  interface Window {', '    naalepudenBoot?: () => void;', '  }', '}'].join(
      '\n',
    ),
  };

  it('a cast of window, globalThis or self, and a value cast to Window', () => {
    expect(pageContractBreaches([casts])).toEqual([
      'src/client/lib/api.ts:1: windowCast: window as',
      'src/client/lib/api.ts:2: windowCast: globalThis as',
      'src/client/lib/api.ts:3: windowCast: <{ naalepudenTaps?: HeldTaps }>window',
      'src/client/lib/api.ts:4: windowCast: self) as',
      'src/client/lib/api.ts:5: windowCast: as Window',
    ]);
  });

  it('a global declared outside the page contract', () => {
    expect(pageContractBreaches([declared])).toEqual([
      'src/client/boot/boot.ts:1: globalDeclared: declare global',
      'src/client/boot/boot.ts:2: globalDeclared: interface Window',
    ]);
  });

  it('lets typed globals, the contract itself, comments, strings, elements and tests be', () => {
    const files: SourceFile[] = [
      {
        path: 'src/client/boot/boot.ts',
        source: [
          'window.naalepudenReadFirst = readFirst;',
          'globalThis.naalepudenEarly = early;',
          '// (window as unknown as { x: 1 }) was the old way',
          "const text = 'the window as it was';",
          'const size = window.innerWidth as number;',
        ].join('\n'),
      },
      { path: 'src/client/app/x.tsx', source: 'const a = <span>window</span>;' },
      { path: PAGE_CONTRACT, source: 'declare global {\n  interface Window {}\n}' },
      { path: 'src/client/api/first-reads.test.ts', source: 'delete (globalThis as { x?: 1 }).x;' },
    ];
    expect(pageContractBreaches(files)).toEqual([]);
  });

  it('every rule is broken by a deliberate violation above', () => {
    const caught = new Set(pageContractBreaches([casts, declared]).map((breach) => breach.split(': ')[1]));
    expect([...caught].sort()).toEqual(Object.keys(PAGE_CONTRACT_RULES).sort());
  });
});
