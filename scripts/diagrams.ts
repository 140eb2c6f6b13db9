// Renders every machine of machines/ as a Mermaid state diagram in docs/machines/<file>.md, generated from
// the machine itself (xstate/graph). `--check` fails when a committed diagram is out of date.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';

type GraphNode = ReturnType<typeof toDirectedGraph>;

const OUT_DIR = 'docs/machines';

const nodeName = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

/** Static params as `key: value, ...`; params computed from the event or context show as `…`. */
function paramsText(params: unknown): string {
  if (params === undefined) return '';
  if (typeof params === 'function') return '(…)';
  if (params === null || typeof params !== 'object') return `(${String(params)})`;
  const entries = Object.entries(params as Record<string, unknown>).map(
    ([key, value]) => `${key}: ${Array.isArray(value) ? value.join(' ') : String(value)}`,
  );
  return `(${entries.join(', ')})`;
}

/** A guard or action as the config names it, with its params: `clientMay(to: paid)`. */
function implementationText(reference: unknown): string | null {
  if (typeof reference === 'string') return reference;
  const named = reference as { type?: unknown; params?: unknown } | undefined;
  if (typeof named?.type === 'string') return `${named.type}${paramsText(named.params)}`;
  return null;
}

/**
 * Readable label of a transition: built-in event names are shortened, the guard is shown in brackets with its
 * params, an unguarded transition after guarded ones of the same event reads `[else]`, and the actions follow a
 * slash. An eventless transition reads `always`, a delayed one `after <delay>`.
 */
function label(source: AnyStateNode, transition: AnyTransitionDefinition): string {
  const actorName = (id: string) => {
    const src = source.invoke.find((invoke) => invoke.id === id)?.src;
    return typeof src === 'string' ? src : id;
  };
  const eventType = transition.eventType;
  const text = eventType
    .replace(/^xstate\.done\.actor\.(.+)$/, (_all: string, id: string) => `done: ${actorName(id)}`)
    .replace(/^xstate\.error\.actor\.(.+)$/, (_all: string, id: string) => `error: ${actorName(id)}`)
    .replace(/^xstate\.done\.state\..+$/, 'done')
    .replace(/^xstate\.after\.([^.]+)\..+$/, 'after $1')
    .replace(/^$/, 'always');
  const siblings: AnyTransitionDefinition[] = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const guard = implementationText(transition.guard) ?? (siblings.indexOf(transition) > 0 ? 'else' : null);
  const actions = (transition.actions ?? []).map(implementationText).filter((name): name is string => name !== null);
  const withGuard = guard ? `${text} [${guard}]` : text;
  return (actions.length > 0 ? `${withGuard} / ${actions.join(', ')}` : withGuard).replace(/:/g, '#colon;');
}

function render(node: GraphNode, depth: number, lines: string[]): void {
  const pad = '  '.repeat(depth);
  const stateNode = node.stateNode as AnyStateNode;
  const initial = stateNode.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${pad}[*] --> ${nodeName(initial)}`);
  for (const child of node.children) {
    const childNode = child.stateNode as AnyStateNode;
    if (child.children.length > 0) {
      lines.push(`${pad}state ${nodeName(childNode)} {`);
      render(child, depth + 1, lines);
      lines.push(`${pad}}`);
    } else {
      lines.push(`${pad}state "${childNode.key}" as ${nodeName(childNode)}`);
    }
    if (childNode.type === 'final') lines.push(`${pad}${nodeName(childNode)} --> [*]`);
  }
  for (const child of node.children) lines.push(...edgeLines(child, pad));
}

/** Transitions leaving one state, including the eventless ones xstate/graph leaves out. */
function edgeLines(node: GraphNode, pad: string): string[] {
  const source = node.stateNode as AnyStateNode;
  const transitions = [
    ...node.edges.map((edge) => ({ target: edge.target as AnyStateNode, transition: edge.transition })),
    ...(source.always ?? []).flatMap((transition) =>
      (transition.target ?? [source]).map((target: AnyStateNode) => ({ target, transition })),
    ),
  ];
  return transitions.map(
    ({ target, transition }) =>
      `${pad}${nodeName(source)} --> ${nodeName(target)}: ${label(source, transition)}`,
  );
}

export function diagramOf(machine: AnyStateMachine, file: string): string {
  const lines: string[] = [];
  const graph = toDirectedGraph(machine);
  render(graph, 1, lines);
  lines.push(...edgeLines(graph, '  '));
  return [
    `# ${machine.id}`,
    '',
    `Generated from \`machines/${file}\` by \`npm run diagrams\`; do not edit by hand.`,
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...lines,
    '```',
    '',
  ].join('\n');
}

const check = process.argv.includes('--check');
const stale: string[] = [];
mkdirSync(OUT_DIR, { recursive: true });
for (const file of readdirSync('machines').filter((name) => name.endsWith('.ts')).sort()) {
  const module = (await import(pathToFileURL(resolve('machines', file)).href)) as Record<string, unknown>;
  const machines = Object.values(module).filter((value): value is AnyStateMachine => value instanceof StateMachine);
  for (const machine of machines) {
    const target = `${OUT_DIR}/${machines.length === 1 ? basename(file, '.ts') : machine.id}.md`;
    const text = diagramOf(machine, file);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (current === text) continue;
    if (check) stale.push(target);
    else writeFileSync(target, text);
  }
}
if (stale.length > 0) {
  console.error(`Out-of-date machine diagrams (run npm run diagrams): ${stale.join(', ')}`);
  process.exit(1);
}
console.log(check ? 'Machine diagrams are up to date.' : `Diagrams written to ${OUT_DIR}/.`);
