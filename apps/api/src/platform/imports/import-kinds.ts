// The import kinds a user may upload (GET /imports/kinds), read from the module registry: the web
// lists no kind by hand, so a module's new importer shows in its import button without a web edit.
// Each kind's name and format live in its module's own web messages, under keys built here.
import type { Schemas } from '@vigil/api-client';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import type { RegisteredImporter } from './import.types.js';

/** The media types of the file name endings importers declare (the last ending decides: `.csv.gz` is gzip). */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson',
  '.ndjson': 'application/x-ndjson',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
  '.tar': 'application/x-tar',
  '.gz': 'application/gzip',
  '.tgz': 'application/gzip',
};

/** The media type of a file name ending, or undefined for one not in the table. */
export function mediaTypeOf(ending: string): string | undefined {
  const last = ending.slice(ending.lastIndexOf('.'));
  return MEDIA_TYPES[last];
}

/** The keys of an importer's name and format in its module's web messages. */
export function messageKeysOf(importer: Pick<RegisteredImporter, 'kind' | 'module'>) {
  const prefix = `${importer.module}.importers.${importer.kind}`;
  return { label_key: `${prefix}.label`, format_key: `${prefix}.format` };
}

function kindInfo(importer: RegisteredImporter, maxBytes: number): Schemas['ImportKindInfo'] {
  const mediaTypes = importer.files.map(mediaTypeOf).filter((type) => type !== undefined);
  return {
    kind: importer.kind,
    module: importer.module,
    platform: importer.platform === true,
    ...messageKeysOf(importer),
    extensions: [...importer.files],
    media_types: [...new Set(mediaTypes)],
    archives: importer.archives === true,
    max_bytes: maxBytes,
  };
}

/** Every registered kind, in registration order; the platform's only for a platform operator (others get 403 uploading them). */
export function listImportKinds({ ctx, auth }: { ctx: AppContext; auth: AuthContext }): Schemas['ImportKindList'] {
  const importers = ctx.modules.importKinds.map((kind) => ctx.modules.importer(kind));
  const allowed = importers.filter((importer) => importer.platform !== true || auth.user.is_admin);
  return { data: allowed.map((importer) => kindInfo(importer, ctx.limits.uploadBytes)) };
}
