// The contract's request validators (Ajv) and answer serializers (fast-json-stringify), compiled once
// per process and shared by every app built in it. Fastify compiles them per instance: about 1.2 s
// of CPU for the whole contract, 3 to 10 s on a busy 2-core machine, paid again by each of the API
// suite's ~200 apps (one server runs one app, so production starts as before). A compiled function
// is found again by what it was compiled from: the schema's text, the request part or answer status
// and media type, the shared schemas and the compiler's options.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/**
 * The two factories as Fastify calls them (lib/schema-controller.js: shared schemas and options in,
 * a compiler of one route's schema out). The packages' own types describe Ajv's compile instead.
 */
type BuildValidator = (externalSchemas: unknown, options: unknown) => FastifySchemaCompiler<unknown>;
type BuildSerializer = (externalSchemas: unknown, options: unknown) => FastifySerializerCompiler<unknown>;
type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];

/** The text of compiler options: functions (Ajv's `onCreate`, plugins) by name. */
function optionsKey(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    typeof item === 'function' ? `function ${item.name}` : item,
  );
}

// One Ajv per set of shared schemas and options (the pool of @fastify/ajv-compiler), kept for the process.
const ajvPool = AjvCompiler() as unknown as BuildValidator;
const validators = new Map<string, ReturnType<ReturnType<BuildValidator>>>();
const serializers = new Map<string, ReturnType<ReturnType<BuildSerializer>>>();

const buildValidator: BuildValidator = (externalSchemas, options) => {
  const compile = ajvPool(externalSchemas, options);
  const pool = `${JSON.stringify(externalSchemas)}\n${optionsKey(options)}`;
  return (route: RouteSchema) => {
    const key = `${pool}\n${route.httpPart}\n${JSON.stringify(route.schema)}`;
    let validate = validators.get(key);
    if (validate === undefined) {
      validate = compile(route);
      validators.set(key, validate);
    }
    return validate;
  };
};

const serializerFactory = SerializerSelector() as unknown as BuildSerializer;
const buildSerializer: BuildSerializer = (externalSchemas, options) => {
  const compile = serializerFactory(externalSchemas, options);
  const pool = `${JSON.stringify(externalSchemas)}\n${optionsKey(options)}`;
  return (route: RouteSchema) => {
    const key = `${pool}\n${route.httpStatus}\n${route.contentType ?? ''}\n${JSON.stringify(route.schema)}`;
    let serialize = serializers.get(key);
    if (serialize === undefined) {
      serialize = compile(route);
      serializers.set(key, serialize);
    }
    return serialize;
  };
};

/**
 * Fastify's `schemaController` with the shared compilers. A custom validator compiler receives header
 * schemas as written (Fastify lower-cases their names only for its own): the contract's header
 * parameters reach it in lower case (api-routes.plugin.ts, `withLowerCaseHeaders`).
 */
export const sharedSchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: buildValidator as unknown as CompilersFactory['buildValidator'],
    buildSerializer: buildSerializer as unknown as CompilersFactory['buildSerializer'],
  },
};

/** How many distinct validators and serializers this process compiled (tests read it). */
export function compiledCount(): { validators: number; serializers: number } {
  return { validators: validators.size, serializers: serializers.size };
}
