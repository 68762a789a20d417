// The restricted environment's import kind `mentions-jsonl`: the documented JSON-lines feed of
// mentions (docs/mentions-feed.md), matched against the company's enabled keywords as they stood
// when the import started (a keyword added meanwhile re-matches everything through its own job).
import { companyOf, defineImporter } from '../imports/import.types.js';
import { parseMentionFeed } from './mentions.feed.js';
import { enabledKeywords, writeMentions } from './mentions.ingest.js';

export const mentionsImporter = defineImporter({
  kind: 'mentions-jsonl',
  module: 'mentions',
  // Texts run to 20,000 characters: smaller transactions than the default 500 records.
  batchSize: 200,
  prepare: (db, job) => enabledKeywords(db, companyOf(job)),
  parse: parseMentionFeed,
  write: async (trx, context, keywords, records) => {
    const outcome = await writeMentions(
      trx,
      { companyId: companyOf(context.job), jobId: context.job.id, isDemo: context.job.is_demo, now: context.now },
      keywords,
      records,
    );
    return { added: outcome.added, updated: outcome.updated, ignored: 0 };
  },
});
