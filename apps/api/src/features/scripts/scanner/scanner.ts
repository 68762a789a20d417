// STUB (owner: SCANNER): scans one page in headless Chromium. SCANNER replaces the body.
import type { ScanRequest, ScanResult } from './scan.types.js';

export interface Scanner {
  scan(request: ScanRequest, signal?: AbortSignal): Promise<ScanResult>;
  close(): Promise<void>;
}

/** The process's scanner: one browser, reused, launched on first use. */
export function getScanner(): Scanner {
  throw new Error('scanner not built yet');
}
