// Renders every machine of machines/ as a Mermaid state diagram in docs/machines/<file>.md, generated from
// the machine itself (xstate/graph). `--check` fails when a committed diagram is out of date.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';

type GraphNode = ReturnType<typeof toDirectedGraph>;

const OUT_DIR = 'docs/machines';

const nodeName = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

/** Readable label of a transition: built-in event names are shortened, guards shown in brackets. */
function label(source: AnyStateNode, eventType: string, guard: unknown): string {
  const actorName = (id: string) => {
    const src = source.invoke.find((invoke) => invoke.id === id)?.src;
    return typeof src === 'string' ? src : id;
  };
  const text = eventType
    .replace(/^xstate\.done\.actor\.(.+)$/, (_all, id: string) => `done: ${actorName(id)}`)
    .replace(/^xstate\.error\.actor\.(.+)$/, (_all, id: string) => `error: ${actorName(id)}`)
    .replace(/^xstate\.done\.state\..+$/, 'done')
    .replace(/^xstate\.after\.([^.]+)\..+$/, 'after $1')
    .replace(/^$/, 'always');
  const guardName =
    typeof guard === 'string' ? guard : (guard as { type?: string } | undefined)?.type;
  return (guardName ? `${text} [${guardName}]` : text).replace(/:/g, '#colon;');
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
      `${pad}${nodeName(source)} --> ${nodeName(target)}: ${label(source, transition.eventType, transition.guard)}`,
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
