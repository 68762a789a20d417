// Issue 11: a job that crashed its server process was claimed again up to three times, crashing
// the server each time. The claim now records the checkpoint its attempt starts from: a job whose
// lease ran out without moving past it is given up (one crash), one that advanced resumes.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_jobs add column attempt_checkpoint integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_jobs drop column attempt_checkpoint`.execute(db);
}
