import type { Page } from '@playwright/test';
import type { FakeApi } from './fake-api.ts';
import type { PlannedPath, PlannedStep } from './model.ts';

/** What a mapping sees while a path replays. */
export interface ReplayContext {
  page: Page;
  api: FakeApi;
  path: PlannedPath;
  step: PlannedStep;
  /** Index into `api.calls` when the step began (calls made by this step come after it). */
  callsBefore: number;
}

export const MODEL_EMAIL = 'ana@acme.test';
export const MODEL_NAME = 'Ana Lima';
/** Passwords the forms accept (zod: at least 8 characters); the model's 'secret' is only a payload. */
export const FORM_PASSWORD = 'Vigil-qa-2026!';
