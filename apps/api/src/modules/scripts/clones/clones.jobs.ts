// The store dork search's job kind, which scripts.module.ts registers: a provider run of the web
// search provider whose queries clone-run.ts writes; the scanner's browser captures the pages.
import { defineProviderJob } from '../../../platform/providers/provider-runs.js';
import { getScanner } from '../scanner/scanner.js';
import { runCloneSearch } from './clone-run.js';
import { CLONE_JOB } from './clones.values.js';

export const cloneJobs = {
  [CLONE_JOB]: defineProviderJob({
    module: 'scripts',
    kind: CLONE_JOB,
    provider: 'web-search',
    // The domain permutations need no provider: without web search the run still checks them.
    optional: true,
    run: (input) => runCloneSearch(input, getScanner(input.ctx.config.scan)),
  }),
};
