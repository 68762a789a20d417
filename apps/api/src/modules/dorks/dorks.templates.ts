// Vigil's own dork templates (platform rows, source `vigil`, synced by key on every start): what a
// search engine should never have indexed on a company's site. Each runs as `<query> site:<domain>`
// for every domain of the company. A result's severity comes from its dork's category.
import type { Severity } from '../../platform/findings/findings.table.js';
import type { GhdbCategory } from './dorks.table.js';

export interface DorkTemplate {
  key: string;
  category: GhdbCategory;
  title: string;
  query: string;
}

export const severityOfCategory: Readonly<Record<GhdbCategory, Severity>> = {
  files_containing_passwords: 'high',
  sensitive_online_shopping_info: 'high',
  files_containing_juicy_info: 'high',
  vulnerable_files: 'high',
  vulnerable_servers: 'high',
  sensitive_directories: 'medium',
  files_containing_usernames: 'medium',
  network_or_vulnerability_data: 'medium',
  footholds: 'medium',
  various_online_devices: 'medium',
  advisories_and_vulnerabilities: 'medium',
  error_messages: 'low',
  pages_containing_login_portals: 'low',
  web_server_detection: 'info',
};

const t = (key: string, category: GhdbCategory, title: string, query: string): DorkTemplate => ({
  key,
  category,
  title,
  query,
});

export const dorkTemplates: readonly DorkTemplate[] = [
  t('directory-listing', 'sensitive_directories', 'Directory listings', 'intitle:"index of"'),
  t(
    'backup-directories',
    'sensitive_directories',
    'Listed backup folders',
    'intitle:"index of" (backup | backups | bak)',
  ),
  t('exposed-git', 'sensitive_directories', 'Exposed Git or SVN folders', 'intitle:"index of" (".git" | ".svn")'),
  t(
    'env-files',
    'files_containing_passwords',
    'Environment files (.env)',
    'ext:env ("DB_PASSWORD" | "APP_KEY" | "SECRET")',
  ),
  t(
    'password-files',
    'files_containing_passwords',
    'Files mentioning passwords',
    'intext:password (ext:txt | ext:xls | ext:xlsx | ext:csv)',
  ),
  t('database-dumps', 'files_containing_passwords', 'Database dumps', 'ext:sql | ext:dbf | ext:mdb | ext:sqlite'),
  t(
    'config-files',
    'files_containing_juicy_info',
    'Configuration files',
    'ext:xml | ext:conf | ext:cnf | ext:cfg | ext:ini | ext:yml | ext:toml',
  ),
  t(
    'backup-files',
    'files_containing_juicy_info',
    'Backup and old files',
    'ext:bak | ext:bkp | ext:old | ext:backup | ext:swp',
  ),
  t('log-files', 'files_containing_juicy_info', 'Log files', 'ext:log'),
  t(
    'documents',
    'files_containing_juicy_info',
    'Office documents and PDFs',
    'ext:doc | ext:docx | ext:xls | ext:xlsx | ext:ppt | ext:pptx | ext:pdf',
  ),
  t(
    'confidential-documents',
    'files_containing_juicy_info',
    'Documents marked confidential',
    '("confidential" | "internal use only" | "restricted") (ext:pdf | ext:docx)',
  ),
  t(
    'login-portals',
    'pages_containing_login_portals',
    'Login portals',
    'inurl:login | inurl:signin | intitle:"log in"',
  ),
  t(
    'admin-panels',
    'pages_containing_login_portals',
    'Administration panels',
    'inurl:admin | inurl:administrator | inurl:wp-admin | inurl:phpmyadmin',
  ),
  t('php-errors', 'error_messages', 'PHP errors', '"PHP Parse error" | "PHP Warning" | "PHP Fatal error"'),
  t(
    'sql-errors',
    'error_messages',
    'SQL errors',
    'intext:"sql syntax near" | intext:"incorrect syntax near" | intext:"ORA-00933"',
  ),
  t(
    'stack-traces',
    'error_messages',
    'Stack traces',
    'intext:"Traceback (most recent call last)" | intext:"Exception in thread"',
  ),
  t('phpinfo', 'web_server_detection', 'phpinfo() pages', 'ext:php intitle:phpinfo "PHP Version"'),
  t(
    'api-docs',
    'network_or_vulnerability_data',
    'API documentation (Swagger, OpenAPI)',
    'inurl:swagger | intitle:"Swagger UI" | inurl:api-docs | inurl:openapi.json',
  ),
  t('upload-pages', 'footholds', 'File upload pages', 'inurl:upload | inurl:uploader | intitle:"file upload"'),
  t(
    'open-redirects',
    'footholds',
    'Redirect parameters (open redirects)',
    'inurl:redirect= | inurl:return_url= | inurl:next= | inurl:url=http',
  ),
  t(
    'order-exports',
    'sensitive_online_shopping_info',
    'Order and customer exports',
    '("order id" | "customer email" | "shipping address") (ext:csv | ext:xls | ext:xlsx)',
  ),
  t(
    'checkout-pages',
    'sensitive_online_shopping_info',
    'Indexed order confirmation pages',
    'inurl:orderplaced | inurl:order-confirmation | inurl:checkout/success',
  ),
];
