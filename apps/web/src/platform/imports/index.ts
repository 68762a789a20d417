// Importer jobs: upload through a screen, then live progress, counts, rejects and log.
export { ImportDialog } from './components/import-dialog';
export { ImportProgress } from './components/import-progress';
export { createTar } from './utils/tar';
