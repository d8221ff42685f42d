/**
 * Finds objects made by object literals that are used as dictionaries of names: read, written, deleted or tested
 * (`in`) with a key that is not a literal. Such an object inherits from Object.prototype, so a name read from a
 * file — a profile called `__proto__`, an ODR called `constructor` — is not a key like any other: `o['__proto__'] =
 * x` replaces the object's prototype (the key is lost, or Object.prototype itself is written through it), and
 * `o['constructor']` reads Object. Dictionaries of names are Maps or objects without a prototype
 * (src/core/record.ts: emptyRecord, nameTable); this scan makes sure no `{}` slips in as one.
 *
 * The scan is syntactic (the ESTree of each file, from the oxc parser that rolldown ships): it follows, within one
 * file, what each name or property path (`out`, `this.byName`, `entry.servers`) was last bound to in its function.
 * An object literal is
 * - open — any text can index it — when it is empty (`{}`, `x ??= {}`), made by `Object.fromEntries(…)` or
 *   `Object.assign({}, …)`, or declared with a string-keyed type (`Record<string, …>`, `{ [k: string]: … }`):
 *   every access with a computed key is reported;
 * - closed otherwise (a table such as `{ error: 'error', warning: 'warning' }`, its type its own keys): strict
 *   TypeScript lets only a key of that type index it, so only a key forced in with a cast (`t[k as Kind]`) is
 *   reported.
 * Accesses are reported on such a binding, and on such an expression itself (`(a[k] ??= {})[j] = v`).
 *
 * An object made in one function and filled in another (`return { stacks: {}, lbs: {} }`, then `into.stacks[name]
 * ??= …` elsewhere) cannot be followed that way. For those the field's declared type says it: a field declared
 * anywhere in the scanned files with a string-keyed type (`stacks: Record<string, StackState>`, or a type alias of
 * one) must not be given an empty object literal (`stacks: {}`, `entry.servers ??= {}`).
 */
import { parseAst } from 'rolldown/parseAst';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && typeof (x as Node).type === 'string';

/** Strip what does not change the value: TS casts, non-null assertions, parentheses. */
function unwrap(n: Node): Node {
  let cur = n;
  while (['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'ParenthesizedExpression', 'TSTypeAssertion'].includes(cur.type)) cur = cur['expression'] as Node;
  return cur;
}

type Made = 'open' | 'closed' | undefined;

/** Whether a type annotation is a string-keyed dictionary: `Record<string, …>` or an index signature over string, anywhere in it. */
function stringKeyed(type: unknown): boolean {
  if (!isNode(type)) return Array.isArray(type) && type.some(stringKeyed);
  if (type.type === 'TSTypeReference') {
    const name = type['typeName'] as Node;
    const args = ((type['typeArguments'] as Node | null)?.['params'] as Node[] | undefined) ?? [];
    if (name.type === 'Identifier' && name['name'] === 'Record' && args[0]?.type === 'TSStringKeyword') return true;
  }
  if (type.type === 'TSIndexSignature') {
    const param = (type['parameters'] as Node[])[0];
    const ann = param && ((param['typeAnnotation'] as Node | null)?.['typeAnnotation'] as Node | undefined);
    if (ann?.type === 'TSStringKeyword') return true;
  }
  return Object.entries(type).some(([k, v]) => k !== 'type' && (isNode(v) || Array.isArray(v)) && stringKeyed(v));
}

/** What an expression makes: an open or a closed object from a literal (see above), or anything else. */
function made(n: Node | null | undefined, declared?: unknown): Made {
  if (!n) return undefined;
  let e = n;
  let open = stringKeyed(declared);
  for (;;) {
    if (e.type === 'TSAsExpression' || e.type === 'TSSatisfiesExpression' || e.type === 'TSTypeAssertion') {
      // A cast to a dictionary type opens the literal; `satisfies` does not change its type.
      if (e.type !== 'TSSatisfiesExpression') open ||= stringKeyed(e['typeAnnotation']);
      e = e['expression'] as Node;
    } else if (e.type === 'TSNonNullExpression' || e.type === 'ParenthesizedExpression') e = e['expression'] as Node;
    else break;
  }
  if (e.type === 'ObjectExpression') return open || (e['properties'] as Node[]).length === 0 ? 'open' : 'closed';
  if (e.type === 'AssignmentExpression' && ['=', '??=', '||='].includes(e['operator'] as string)) return made(e['right'] as Node, open ? declared : undefined);
  if (e.type === 'LogicalExpression' && ['??', '||'].includes(e['operator'] as string)) return made(e['right'] as Node) ?? made(e['left'] as Node);
  if (e.type === 'CallExpression') {
    const callee = unwrap(e['callee'] as Node);
    if (callee.type === 'MemberExpression' && !callee['computed']) {
      const obj = unwrap(callee['object'] as Node);
      const prop = (callee['property'] as Node)['name'];
      if (obj.type === 'Identifier' && obj['name'] === 'Object') {
        if (prop === 'fromEntries') return 'open';
        if (prop === 'assign' && made((e['arguments'] as Node[])[0])) return 'open';
      }
    }
  }
  return undefined;
}

/** Whether a key is forced in with a cast (`k as Kind`), which a closed table's type then cannot vouch for. */
function isCastKey(n: Node): boolean {
  return ['TSAsExpression', 'TSTypeAssertion'].includes(n.type);
}

/** `a`, `a.b.c`, `this.x`: the text of a path of names, or undefined for anything else. */
function pathOf(n: Node): string | undefined {
  const e = unwrap(n);
  if (e.type === 'Identifier') return e['name'] as string;
  if (e.type === 'ThisExpression') return 'this';
  if (e.type === 'MemberExpression' && !e['computed']) {
    const base = pathOf(e['object'] as Node);
    return base === undefined ? undefined : `${base}.${(e['property'] as Node)['name'] as string}`;
  }
  return undefined;
}

/** Whether a key is fixed in the code: a string or number literal, or a template without expressions. */
function isFixedKey(n: Node): boolean {
  const e = unwrap(n);
  if (e.type === 'Literal') return true;
  if (e.type === 'TemplateLiteral') return (e['expressions'] as Node[]).length === 0;
  if (e.type === 'UnaryExpression' && e['operator'] === '-') return unwrap(e['argument'] as Node).type === 'Literal';
  return false;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Trees already parsed, by source text: a scan reads each file twice (its fields, then its uses). */
const trees = new Map<string, Node>();

/** Parse a file (TypeScript) into its ESTree. */
function parse(file: string, source: string): Node {
  let tree = trees.get(source);
  if (!tree) trees.set(source, (tree = parseAst(source, { lang: 'ts' }, file) as unknown as Node));
  return tree;
}

/** Every node of a tree, depth first. */
function* nodes(n: Node): Generator<Node> {
  yield n;
  for (const [key, value] of Object.entries(n)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) {
      for (const v of value) if (isNode(v)) yield* nodes(v);
    } else if (isNode(value)) yield* nodes(value);
  }
}

/** The name of a property key (`a`, `'a'`), or undefined for a computed one. */
function keyName(key: Node, computed: unknown): string | undefined {
  if (computed) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return key['name'] as string;
  if (key.type === 'Literal') return String(key['value']);
  return undefined;
}

/** The names of fields declared, in any of the files, with a string-keyed type (or a type alias of one). */
export function dictionaryFields(files: { file: string; source: string }[]): Set<string> {
  const trees = files.map((f) => parse(f.file, f.source));
  const aliases = new Set<string>();
  for (const tree of trees) for (const n of nodes(tree)) if (n.type === 'TSTypeAliasDeclaration' && stringKeyed(n['typeAnnotation'])) aliases.add((n['id'] as Node)['name'] as string);
  const isDictionaryType = (t: unknown): boolean =>
    stringKeyed(t) || (isNode(t) && [...nodes(t)].some((x) => x.type === 'TSTypeReference' && (x['typeName'] as Node).type === 'Identifier' && aliases.has((x['typeName'] as Node)['name'] as string)));
  const fields = new Set<string>();
  for (const tree of trees) {
    for (const n of nodes(tree)) {
      if (n.type !== 'TSPropertySignature' && n.type !== 'PropertyDefinition') continue;
      const name = keyName(n['key'] as Node, n['computed']);
      const type = (n['typeAnnotation'] as Node | null)?.['typeAnnotation'];
      if (name !== undefined && isDictionaryType(type)) fields.add(name);
    }
  }
  return fields;
}

export interface DictionaryHit {
  file: string;
  line: number;
  text: string;
}

const isEmptyLiteral = (n: Node | null | undefined): boolean => {
  const e = n ? unwrap(n) : undefined;
  return e?.type === 'ObjectExpression' && (e['properties'] as Node[]).length === 0;
};

/**
 * Every access with a computed key to an object made by a literal, in one file's source, and every empty object
 * literal given to a field of a dictionary type (`fields`: dictionaryFields of the files scanned).
 */
export function literalDictionaries(file: string, source: string, fields: ReadonlySet<string> = new Set()): DictionaryHit[] {
  const program = parse(file, source);
  const hits: DictionaryHit[] = [];
  const lineOf = (at: number): number => source.slice(0, at).split('\n').length;
  // One scope per function (and the module): path → what it is bound to ('none': not an object literal).
  const scopes: Map<string, Made | 'none'>[] = [new Map()];
  const bind = (path: string | undefined, what: Made, scope = scopes[scopes.length - 1]!): void => {
    if (path !== undefined) scope.set(path, what ?? 'none');
  };
  const boundTo = (path: string): Made => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const v = scopes[i]!.get(path);
      if (v !== undefined) return v === 'none' ? undefined : v;
    }
    return undefined;
  };
  /** Whether indexing `n` with `key` is a use of a literal as a dictionary. */
  const misused = (n: Node, key: Node): boolean => {
    const p = pathOf(n);
    const what = made(n) ?? (p !== undefined ? boundTo(p) : undefined);
    return what === 'open' || (what === 'closed' && isCastKey(key));
  };
  const report = (n: Node): void => void hits.push({ file, line: lineOf(n.start), text: source.slice(n.start, Math.min(n.end, n.start + 100)).split('\n')[0]! });
  /** Object literal properties of a bound literal are bound too: `const s = { stacks: {} }` makes `s.stacks` one. */
  const bindProperties = (base: string, obj: Node): void => {
    const e = unwrap(obj);
    if (e.type !== 'ObjectExpression') return;
    for (const p of e['properties'] as Node[]) {
      if (p.type !== 'Property' || p['computed']) continue;
      const key = p['key'] as Node;
      const name = key.type === 'Identifier' ? (key['name'] as string) : key.type === 'Literal' ? String(key['value']) : undefined;
      if (name === undefined) continue;
      bind(`${base}.${name}`, made(p['value'] as Node));
      bindProperties(`${base}.${name}`, p['value'] as Node);
    }
  };
  const bindParams = (params: Node[]): void => {
    for (const param of params) {
      const p = param.type === 'TSParameterProperty' ? (param['parameter'] as Node) : param;
      const name = p.type === 'Identifier' ? (p['name'] as string) : p.type === 'AssignmentPattern' && (p['left'] as Node).type === 'Identifier' ? ((p['left'] as Node)['name'] as string) : undefined;
      if (name === undefined) continue;
      const literal = p.type === 'AssignmentPattern' ? made(p['right'] as Node, (p['left'] as Node)['typeAnnotation']) : undefined;
      bind(name, literal);
      // A constructor's parameter property is a field too: `private readonly cli: Record<string, Level> = {}`.
      if (param.type === 'TSParameterProperty') bind(`this.${name}`, literal, scopes[0]);
    }
  };

  const visit = (n: Node): void => {
    let entered = false;
    if (FUNCTIONS.has(n.type)) {
      scopes.push(new Map());
      entered = true;
      bindParams(n['params'] as Node[]);
    }
    switch (n.type) {
      case 'VariableDeclarator': {
        const id = n['id'] as Node;
        if (id.type === 'Identifier') {
          bind(id['name'] as string, made(n['init'] as Node | null, id['typeAnnotation']));
          if (n['init']) bindProperties(id['name'] as string, n['init'] as Node);
        }
        break;
      }
      case 'PropertyDefinition': {
        const key = n['key'] as Node;
        if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') bind(`this.${key['name'] as string}`, made(n['value'] as Node | null, n['typeAnnotation']), scopes[0]);
        break;
      }
      case 'AssignmentExpression': {
        const target = pathOf(n['left'] as Node);
        const left = unwrap(n['left'] as Node);
        if (left.type === 'MemberExpression' && fields.has(keyName(left['property'] as Node, left['computed']) ?? '') && isEmptyLiteral(n['right'] as Node)) report(n);
        // `x = v` rebinds x; `x ??= {}` makes it an object literal only where it was none before.
        if (target !== undefined && (n['operator'] === '=' || boundTo(target) === undefined)) bind(target, made(n['right'] as Node));
        break;
      }
      case 'Property': {
        const name = keyName(n['key'] as Node, n['computed']);
        if (name !== undefined && fields.has(name) && isEmptyLiteral(n['value'] as Node)) report(n);
        break;
      }
      case 'MemberExpression': {
        if (n['computed'] && !isFixedKey(n['property'] as Node) && misused(n['object'] as Node, n['property'] as Node)) report(n);
        break;
      }
      case 'BinaryExpression': {
        if (n['operator'] === 'in' && !isFixedKey(n['left'] as Node) && misused(n['right'] as Node, n['left'] as Node)) report(n);
        break;
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      if (Array.isArray(value)) {
        for (const v of value) if (isNode(v)) visit(v);
      } else if (isNode(value)) visit(value);
    }
    if (entered) scopes.pop();
  };
  visit(program);
  return hits;
}
