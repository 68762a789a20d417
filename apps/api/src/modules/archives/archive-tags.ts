// What an archived URL looks like it exposes (archiveTags, ADR 0027), from its normal form only:
// the path's segments and extension, and whether a secret-looking query key had a value. A URL is
// interesting when it has a tag other than `document` and `api` (public documents and API routes
// are what a site serves on purpose; alone they are context, not a finding). The finding's
// severity is that of its worst tag.
import { type Severity, severities } from '../../platform/findings/findings.table.js';
import type { NormalUrl } from './archive-url.js';
import type { ArchiveTag } from './archives.table.js';

const BACKUP_EXTENSIONS = new Set(['bak', 'old', 'orig', 'backup', 'bkp', 'save', 'swp', 'tmp', 'zip', 'rar', '7z']);
const BACKUP_ARCHIVES = new Set(['tar', 'tar.gz', 'tar.bz2', 'tar.xz', 'tgz', 'gz']);
const CONFIG_EXTENSIONS = new Set(['conf', 'cfg', 'config', 'ini', 'yml', 'yaml', 'toml', 'properties', 'cnf']);
const CONFIG_FILES = new Set([
  'web.config',
  '.htaccess',
  '.htpasswd',
  'wp-config.php',
  'config.php',
  'configuration.php',
  'settings.py',
  'config.json',
  'appsettings.json',
  '.npmrc',
  '.dockercfg',
  'docker-compose.yml',
]);
const DATABASE_EXTENSIONS = new Set(['sql', 'sql.gz', 'db', 'sqlite', 'sqlite3', 'dump', 'mdb', 'dbf']);
const SOURCE_EXTENSIONS = new Set(['phps', 'inc', 'py', 'rb', 'java', 'cs', 'go', 'php~', 'asp~', 'jsp~']);
const SOURCE_DIRS = new Set(['.git', '.svn', '.hg', '.bzr']);
const ADMIN_SEGMENTS = new Set([
  'admin',
  'administrator',
  'wp-admin',
  'wp-login.php',
  'phpmyadmin',
  'pma',
  'adminer',
  'adminer.php',
  'cpanel',
  'admin.php',
]);
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'odt', 'ods', 'rtf']);
const API_SEGMENTS =
  /^(api|graphql|swagger|swagger-ui|swagger\.json|swagger\.yaml|openapi\.json|openapi\.yaml|api-docs)$/;

/** The tags of a URL in its normal form, in `archiveTags` order. */
export function tagsOf(url: Pick<NormalUrl, 'path' | 'extension' | 'secretInQuery'>): ArchiveTag[] {
  const segments = url.path.toLowerCase().split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const ext = url.extension;
  const has = (test: (segment: string) => boolean) => segments.some(test);
  const tags = new Set<ArchiveTag>();
  if ((ext && (BACKUP_EXTENSIONS.has(ext) || BACKUP_ARCHIVES.has(ext))) || last.endsWith('~')) tags.add('backup');
  if ((ext && CONFIG_EXTENSIONS.has(ext)) || CONFIG_FILES.has(last)) tags.add('config');
  if (last === '.env' || last.startsWith('.env.')) tags.add('env');
  if ((ext && DATABASE_EXTENSIONS.has(ext)) || /\.sql\.[a-z0-9]+$/.test(last)) tags.add('database');
  if ((ext && SOURCE_EXTENSIONS.has(ext)) || has((s) => SOURCE_DIRS.has(s)) || last === '.ds_store') tags.add('source');
  if (ext === 'log' || last === 'error_log' || has((s) => s === 'logs')) tags.add('log');
  if (has((s) => ADMIN_SEGMENTS.has(s)) || url.path.toLowerCase().includes('/manager/html')) tags.add('admin');
  if (url.secretInQuery) tags.add('secret_in_query');
  if (ext && DOCUMENT_EXTENSIONS.has(ext)) tags.add('document');
  if (has((s) => API_SEGMENTS.test(s)) || ext === 'wsdl') tags.add('api');
  return [...tags];
}

const NOT_ALONE: readonly ArchiveTag[] = ['document', 'api'];

export function isInteresting(tags: readonly ArchiveTag[]): boolean {
  return tags.some((tag) => !NOT_ALONE.includes(tag));
}

const TAG_SEVERITY: Record<ArchiveTag, Severity> = {
  env: 'high',
  database: 'high',
  secret_in_query: 'high',
  source: 'high',
  backup: 'high',
  config: 'medium',
  log: 'medium',
  admin: 'low',
  document: 'info',
  api: 'info',
};
/** The severity of an interesting URL's finding: its worst tag's. */
export function severityOf(tags: readonly ArchiveTag[]): Severity {
  const levels = tags.map((tag) => severities.indexOf(TAG_SEVERITY[tag]));
  return severities[Math.min(...levels, severities.length - 1)] ?? 'info';
}
