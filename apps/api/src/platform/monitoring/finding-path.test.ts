// Where a finding opens (alerts, top fixes, the insights' top risks, search, the advisor): its
// module's screen and query, or the screen the module names for that finding.
import { describe, expect, it } from 'vitest';
import { moduleRegistry } from '../../modules.js';
import { findingPath } from './finding-path.js';

const modules = moduleRegistry.modules;

describe('findingPath', () => {
  it("opens a finding on its module's screen, with the module's query when it has one", () => {
    expect(findingPath(modules, 'vulnerabilities', { id: 7, fingerprint: 'nuclei:x' })).toBe('/vulnerabilities?open=7');
    expect(findingPath(modules, 'credentials', { id: 8, fingerprint: 'device:pc-1' })).toBe(
      '/credentials?tab=devices&open=8',
    );
  });

  it("follows the screen the module names: a supplier's asset, a storefront clone", () => {
    expect(findingPath(modules, 'assets', { id: 9, fingerprint: 'dns:a', supplier_id: null })).toBe(
      '/companyassets?open=9',
    );
    expect(findingPath(modules, 'assets', { id: 9, fingerprint: 'dns:a', supplier_id: 3 })).toBe(
      '/supplierassets?open=9',
    );
    expect(findingPath(modules, 'scripts', { id: 10, fingerprint: 'clone:shop' })).toBe('/vtexdork?open=10');
  });

  it('sends a finding of a module no longer registered to the dashboard', () => {
    expect(findingPath(modules, 'gone', { id: 11, fingerprint: 'x:y' })).toBe('/dashboard?open=11');
  });
});
