// STUB (owner: STORES): a demo company's store and monitored pages (served locally by the demo
// store, dev/demo-store), their scans queued; scripts.module.ts uses it as the module's demoSetup.
import type { Executor } from '../../../db/database.js';
import type { DemoCompany } from '../../monitoring/monitoring-module.js';

export async function storesDemoSetup(_db: Executor, _companyId: number, _company: DemoCompany, _anchor: Date) {}
