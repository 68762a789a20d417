import type { Schemas } from '@vigil/api-client';

/** Business constants of spec §9. */
export const MOBILE_BREAKPOINT_PX = 768;
export const NOT_FOUND_YEAR_REFRESH_MS = 60_000;
/** sessionStorage flag: set before the one reload that a failed chunk load is allowed. */
export const CHUNK_RELOAD_FLAG = 'vigil:chunk-reload';
/** Seconds before another two-factor code may be requested. */
export const RESEND_COOLDOWN_S = 30;
/**
 * The statuses the API counts as open (the dashboard's open findings, watched CVEs and overdue SLAs).
 * Here, with the app's boot modules, because the module definitions' dashboard cards name them.
 */
export const OPEN_STATUSES: Schemas['FindingStatus'][] = ['new', 'in_review', 'confirmed'];
