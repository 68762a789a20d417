// The assets module: the company's and its suppliers' attack surface (assets typed like OWASP
// Amass's model, their relations and history), the probes' scope and the supplier portfolio. Its
// importers read the discovery tools' own outputs; its probes (probes/) check what is in scope.
import { companyOf, defineImporter } from '../../platform/imports/import.types.js';
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { assetsDemo, assetsDemoSetup } from './assets.demo.js';
import { inventoryOf, supplierOf, writeAssets } from './assets.ingest.js';
import { assetsRoutes } from './assets.routes.js';
import { assetsSearch } from './assets.search.js';
import { ASSETS_CSV_EXPECTS, parseAssetsCsv } from './assets-csv.parser.js';
import { HOSTS_EXPECTS, parseHosts } from './hosts.parser.js';
import { HTTPX_EXPECTS, parseHttpx } from './httpx.parser.js';
import { parseNmap } from './nmap.parser.js';
import { withDemoProbeRuns } from './probes/probes.demo.js';
import { probeJobs, probeRoutes } from './probes/probes.js';
import { parseSubfinder, SUBFINDER_EXPECTS } from './recon.parser.js';
import { approveScope } from './scope-verify.service.js';
import { scopeOf } from './scopes.service.js';

/** What a kind reads (`expects` alone, as a string) and what its records read and not kept are. */
interface KindWords {
  expects?: string;
  ignoredAs?: string;
}

const importer = (kind: string, files: string[], parse: typeof parseHosts, words: KindWords | string = {}) =>
  defineImporter({
    kind,
    module: 'assets',
    files,
    ...(typeof words === 'string' ? { expects: words } : words),
    checkOptions: async (db, companyId, options) =>
      (await supplierOf(db, companyId, options)) === undefined
        ? { supplier_id: ['The selected supplier is invalid.'] }
        : null,
    prepare: async (db, job) => {
      companyOf(job);
      const inventory = await inventoryOf(db, job);
      return { ...inventory, domains: (await scopeOf(db, inventory)).domains };
    },
    parse,
    write: writeAssets,
  });

export const assetsModule: MonitoringModule = {
  id: 'assets',
  screen: '/companyassets',
  findingScreen: (finding) => (finding.supplier_id === null ? '/companyassets' : '/supplierassets'),
  importers: [
    importer('hosts', ['.txt'], parseHosts, { expects: HOSTS_EXPECTS }),
    importer('assets-csv', ['.csv', '.tsv', '.txt'], parseAssetsCsv, { expects: ASSETS_CSV_EXPECTS }),
    importer('subfinder', ['.json', '.jsonl', '.txt'], parseSubfinder, { expects: SUBFINDER_EXPECTS }),
    importer('httpx', ['.json', '.jsonl'], parseHttpx, { expects: HTTPX_EXPECTS }),
    importer('nmap', ['.xml'], parseNmap, {
      expects: "nmap's XML output (-oX) or masscan's -oX: an <nmaprun> with <host> elements",
      ignoredAs: 'hosts nmap did not find up',
    }),
  ],
  routes: (deps) => ({ ...assetsRoutes(deps), ...probeRoutes(deps) }),
  search: assetsSearch,
  lists: [
    { path: '/assets', export: '/assets/export', detail: '/assets/{id}' },
    { path: '/suppliers', detail: '/suppliers/{id}' },
    { path: '/asset-scopes' },
  ],
  // The probes' findings, by kind (the fingerprint's prefix), in the technical risk rating.
  riskFactors: { dns: 'dns_email', tls: 'network_tls', service: 'network_tls', http: 'application_security' },
  jobs: { ...probeJobs },
  demo: assetsDemo,
  demoSetup: withDemoProbeRuns(assetsDemoSetup),
  operatorCommands: {
    'approve-scope': {
      usage: 'approve-scope <scope entry id> <reason…>',
      run: (db, [id = '', ...reason], now) => approveScope(db, Number(id), reason.join(' '), now),
    },
  },
};
