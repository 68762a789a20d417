// The restricted environment's import kind `mentions-jsonl`: the JSON-lines feed of mentions
// (docs/mentions-feed.md) or a Telegram Desktop chat export (mentions.formats.ts), matched against
// the enabled keywords as they stood when the import started (a later keyword re-matches by a job).
import { companyOf, defineImporter } from '../../platform/imports/import.types.js';
import { parseMentions } from './mentions.formats.js';
import { enabledKeywords, writeMentions } from './mentions.ingest.js';

export const mentionsImporter = defineImporter({
  kind: 'mentions-jsonl',
  module: 'mentions',
  files: ['.jsonl', '.ndjson', '.json'],
  // Texts run to 20,000 characters: smaller transactions than the default 500 records.
  batchSize: 200,
  prepare: (db, job) => enabledKeywords(db, companyOf(job)),
  expects: 'the mentions JSON lines feed (docs/mentions-feed.md) or a Telegram Desktop chat export (result.json)',
  parse: parseMentions,
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
