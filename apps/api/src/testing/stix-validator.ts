// The official OASIS STIX 2.1 JSON schemas (vendored in platform/taxii/testdata/, see its README) compiled with ajv:
// validates one STIX object by its type, or a bundle. For tests only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '../platform/taxii/testdata/stix2.1/schemas');
const BASE = 'http://raw.githubusercontent.com/oasis-open/cti-stix2-json-schemas/stix2.1/schemas';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

function load(): { ajv: Ajv2020; groups: Map<string, string> } {
  // The schemas' patterns escape '-' outside a class, which only non-unicode regular expressions allow.
  const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  // ajv-formats has no IDN host names (domain-name's value): a label-shaped check is enough here.
  ajv.addFormat('idn-hostname', (v: string) => /^[^\s/:@]+$/.test(v));
  const groups = new Map<string, string>();
  for (const group of readdirSync(root)) {
    for (const file of readdirSync(join(root, group))) {
      ajv.addSchema(JSON.parse(readFileSync(join(root, group, file), 'utf8')));
      groups.set(file.replace(/\.json$/, ''), group);
    }
  }
  return { ajv, groups };
}

const { ajv, groups } = load();
const compiled = new Map<string, ValidateFunction>();

function validatorOf(name: string): ValidateFunction {
  const group = groups.get(name);
  if (!group) throw new Error(`No STIX 2.1 schema for ${name}.`);
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.getSchema(`${BASE}/${group}/${name}.json`);
    if (!validate) throw new Error(`Schema ${name} did not compile.`);
    compiled.set(name, validate);
  }
  return validate;
}

/** The schema errors of one STIX object (checked against its type's schema), or [] when it is valid. */
export function stixErrors(object: { type?: unknown }): string[] {
  const type = typeof object.type === 'string' ? object.type : '';
  const validate = validatorOf(type === 'bundle' ? 'bundle' : type);
  if (validate(object)) return [];
  return (validate.errors ?? []).map((e) => `${type} ${e.instancePath} ${e.message ?? ''}`);
}
