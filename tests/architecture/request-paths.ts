/**
 * What a route's handler works with arrives as serve()'s arguments (http/serve.ts): its `db` (the
 * transaction serve() opened on an idempotent POST, else the shop's database), its validated input and what
 * its prepare step made of the request. These rules keep it from arriving any other way. Pure: takes the
 * files' paths and sources and returns each breach as 'file:line: rule: code', so a test can feed it a
 * deliberate violation of each.
 */
import type { SourceFile } from './import-rules.ts';

export const REQUEST_PATH_RULES = {
  requestKeyedState:
    'no module-level WeakMap or Map keyed by a request or reply in src/server: what a step makes of a request is its result, handed on as an argument',
  hiddenRequestProperty:
    'no request property under a Symbol or computed by a getter (decorateRequest) in src/server: nothing reaches a handler around serve()',
  databaseSymbol: 'no Symbol in src/server/http names a database or a transaction',
  handlerSwapped:
    "no code replaces a registered route's handler (an onRoute wrapper): serve() runs the handler",
  bodyReplaced:
    "no code replaces a request's body with a stand-in: a prepare step's result is the handler's input",
  transactionInRouteFile:
    'a route file opens no transaction: serve() opens the idempotent one and hands it to the handler as db',
  shopDbOutsideServe: "only serve() reads the shop's database from the Fastify instance (app.shopDb)",
} as const;

type Rule = keyof typeof REQUEST_PATH_RULES;

const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;
const REQUEST_NAME = String.raw`(?:request|req|reply|res)`;

/** Each rule: the files it looks at, and the patterns that break it in their code (comments left out). */
const CHECKS: ReadonlyArray<{ rule: Rule; files: RegExp; patterns: readonly RegExp[] }> = [
  {
    rule: 'requestKeyedState',
    files: /^src\/server\//,
    patterns: [
      /^(?:export\s+)?(?:const|let|var)\s+\w+\s*(?::[^=]*)?=\s*new\s+(?:Weak)?Map\s*<\s*(?:Fastify)?(?:Request|Reply|IncomingMessage|ServerResponse)\b/gm,
    ],
  },
  {
    rule: 'hiddenRequestProperty',
    files: /^src\/server\//,
    patterns: [
      /\bdecorateRequest\s*\(\s*(?!['"`])[^,)]+/g,
      /\bdecorateRequest\s*\((?:(?!decorateRequest)[^;])*?\bgetter\b/g,
    ],
  },
  {
    rule: 'databaseSymbol',
    files: /^src\/server\/http\//,
    patterns: [
      /\b\w*(?:DB|DATABASE|TRANSACTION|TRX)\w*\s*=\s*Symbol\s*\(|Symbol\s*\(\s*['"`][^'"`]*(?:db|database|transaction|trx)/gi,
    ],
  },
  { rule: 'handlerSwapped', files: /^src\/server\//, patterns: [/\.\s*handler\s*=(?![=>])/g] },
  {
    rule: 'bodyReplaced',
    files: /^src\/server\//,
    patterns: [new RegExp(String.raw`\b${REQUEST_NAME}\s*\.\s*body\s*=(?![=>])`, 'g')],
  },
  {
    rule: 'transactionInRouteFile',
    files: /^src\/server\/.*\.routes\.ts$/,
    patterns: [/\binTransaction\s*\(|\.\s*transaction\s*\(\s*\)|\bwithIdempotency\s*\(/g],
  },
  {
    rule: 'shopDbOutsideServe',
    files: /^src\/(?!server\/http\/serve\.ts$)/,
    patterns: [/\.\s*shopDb\b|\[\s*['"`]shopDb['"`]\s*\]/g],
  },
];

/** The breaches of REQUEST_PATH_RULES in `files`, sorted, each as 'file:line: rule: code'. */
export function requestPathBreaches(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (/\.test\.tsx?$/.test(file.path)) continue;
    const code = file.source
      .split('\n')
      .map((line) => (COMMENT_LINE.test(line) ? '' : line))
      .join('\n');
    for (const { rule, files: applies, patterns } of CHECKS) {
      if (!applies.test(file.path)) continue;
      for (const pattern of patterns) {
        for (const match of code.matchAll(pattern)) {
          const line = code.slice(0, match.index).split('\n').length;
          found.push(`${file.path}:${line}: ${rule}: ${match[0].replace(/\s+/g, ' ').trim()}`);
        }
      }
    }
  }
  return found.sort();
}
