// The operations of the contract as tests walk them (the fuzzer, the cross-company test): method,
// path, parameters and body media type, resolved from the bundled document.
import { resolve, type Schema } from './fuzz-values.js';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: Schema | undefined };
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: Schema): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => {
        const parameters = [...((item.parameters ?? []) as unknown[]), ...((op.parameters ?? []) as unknown[])].map(
          (p) => resolve(doc, p) as unknown as Parameter,
        );
        const body = op.requestBody ? resolve(doc, op.requestBody) : undefined;
        const [contentType, media] = Object.entries((body?.content ?? {}) as Record<string, Schema>)[0] ?? [];
        return {
          operationId: String(op.operationId),
          method: method.toUpperCase(),
          path,
          parameters,
          ...(contentType ? { body: { contentType, schema: media?.schema as Schema | undefined } } : {}),
        };
      }),
  );
}

/** The URL of a call: path parameters filled in, query values (repeated for lists) appended. */
export function urlOf(
  op: Pick<Operation, 'path'>,
  path: Record<string, string>,
  query: Record<string, string | string[]>,
): string {
  const filled = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(path[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, v);
  }
  const text = search.toString();
  return `/api${filled}${text ? `?${text}` : ''}`;
}
