// What every assets parser yields for one line (or one nmap host): a small graph of assets and the
// relations between them, e.g. a subdomain, the domain it belongs to and the IPs it resolves to.
// The writer upserts the nodes and then the edges.
import { isIP } from 'node:net';
import { jsonWithoutNul, type ParsedItem, type SourceFile } from '../../platform/imports/import.types.js';
import { listRecords, type LineResult as RecordResult } from '../../platform/imports/import-records.js';
import type { AssetType, RelationKind } from './assets.table.js';
import { hostType, registeredDomain } from './assets.values.js';

export interface AssetNode {
  type: AssetType;
  value: string;
  /** Type-specific facts (merged into the stored ones, key by key). */
  details: Record<string, unknown>;
  tags: string[];
  owner: string | null;
}

export interface AssetEdge {
  from: number;
  kind: RelationKind;
  to: number;
}

/**
 * A name a tool saw about an asset (a PTR record, a certificate's name): kept in that asset's
 * details, and made an asset (`name kind nodes[to]`) only when it is within the inventory's scope.
 */
export interface ObservedName {
  name: string;
  kind: RelationKind;
  to: number;
}

export interface AssetRecord {
  nodes: AssetNode[];
  edges: AssetEdge[];
  /** When the tool saw it, when its output says (else the import's time). */
  seenAt: Date | null;
  observed?: ObservedName[];
}

export class AssetGraph {
  readonly nodes: AssetNode[] = [];
  readonly edges: AssetEdge[] = [];
  readonly observed: ObservedName[] = [];
  private readonly index = new Map<string, number>();

  /** The node's index; the same type and value twice is one node (its details merged). */
  node(type: AssetType, value: string, details: Record<string, unknown> = {}): number {
    const key = `${type}|${value}`;
    const known = this.index.get(key);
    if (known !== undefined) {
      const existing = this.nodes[known];
      if (existing) Object.assign(existing.details, details);
      return known;
    }
    this.nodes.push({ type, value, details: { ...details }, tags: [], owner: null });
    this.index.set(key, this.nodes.length - 1);
    return this.nodes.length - 1;
  }

  edge(from: number, kind: RelationKind, to: number): void {
    if (from === to) return;
    if (this.edges.some((e) => e.from === from && e.kind === kind && e.to === to)) return;
    this.edges.push({ from, kind, to });
  }

  /** A normalised host name or IP: an IP node, or a (sub)domain node with `subdomain_of` its domain. */
  host(value: string, details: Record<string, unknown> = {}): number {
    if (isIP(value) !== 0) return this.node('ip', value, details);
    const type = hostType(value);
    const id = this.node(type, value, details);
    if (type === 'subdomain') this.edge(id, 'subdomain_of', this.node('domain', registeredDomain(value)));
    return id;
  }

  /** A graph that goes on from a record's nodes and edges (the writer adds the names in scope). */
  static from(record: AssetRecord): AssetGraph {
    const graph = new AssetGraph();
    for (const node of record.nodes) {
      graph.nodes.push({ ...node, details: { ...node.details }, tags: [...node.tags] });
      graph.index.set(`${node.type}|${node.value}`, graph.nodes.length - 1);
    }
    graph.edges.push(...record.edges);
    return graph;
  }

  record(seenAt: Date | null = null): AssetRecord {
    const observed = this.observed.length > 0 ? { observed: this.observed } : {};
    return { nodes: this.nodes, edges: this.edges, seenAt, ...observed };
  }
}

export type LineResult = RecordResult<AssetRecord>;

/** Each non-empty line of each file through `parseLine`; a line it refuses is a reject with its reason. */
export function parseLines(
  files: AsyncIterable<SourceFile>,
  parseLine: (text: string) => LineResult,
): AsyncIterable<ParsedItem<AssetRecord>> {
  return listRecords(files, parseLine);
}

/** A JSON line's object, or the reason it is not one. */
export function jsonObjectOf(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  let value: unknown;
  try {
    // A JSON escape (\u0000) brings back the NUL that reading the line removed.
    value = jsonWithoutNul(JSON.parse(text));
  } catch {
    return { ok: false, reason: 'Not valid JSON.' };
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { ok: true, value: value as Record<string, unknown> }
    : { ok: false, reason: 'Line is not a JSON object.' };
}
