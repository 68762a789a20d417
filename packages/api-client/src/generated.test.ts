import { readFile } from 'node:fs/promises';
import { bundleContractText } from '@vigil/openapi/contract';
import { expect, it } from 'vitest';
import { enumsPath, renderEnums, renderSchema, schemaPath } from '../scripts/generate.mjs';

// Bundling and rendering the whole contract (160+ operations) takes seconds beside other builds.
it('src/generated/schema.ts matches the contract in openapi/ (run `npm run generate` if not)', {
  timeout: 60_000,
}, async () => {
  const contract = JSON.parse(await bundleContractText());
  const fresh: string = await renderSchema(contract);
  const committed = await readFile(schemaPath, 'utf8');
  expect(committed === fresh, 'src/generated/schema.ts is stale: run `npm run generate`').toBe(true);
});

it('src/generated/enums.ts lists the enum and sort values of the contract in openapi/', {
  timeout: 60_000,
}, async () => {
  const contract = JSON.parse(await bundleContractText());
  const committed = await readFile(enumsPath, 'utf8');
  expect(committed === renderEnums(contract), 'src/generated/enums.ts is stale: run `npm run generate`').toBe(true);
  expect(committed).toContain('listMentions: ["-posted_at"');
});
