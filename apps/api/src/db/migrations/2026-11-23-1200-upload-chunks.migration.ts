// Issue 11: an upload was one bytea parameter (the whole file in memory, twice) and its job row
// was committed before its file, so a worker could claim a job whose file did not exist yet.
// Files are now stored in chunks of 1 MiB as they arrive, under a job that stays `uploading`
// (never claimed) until its last chunk is stored. Chunks are stored as they come (EXTERNAL, no
// pglz: uploads are often compressed already, and compressing 200 MiB costs seconds of CPU).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table import_file_chunks (
      job_id integer not null references import_jobs(id) on delete cascade,
      seq integer not null,
      data bytea not null,
      primary key (job_id, seq)
    )`.execute(db);
  await sql`alter table import_file_chunks alter column data set storage external`.execute(db);
  await sql`
    insert into import_file_chunks (job_id, seq, data)
    select f.job_id, s.seq, substring(f.content from s.seq * 1048576 + 1 for 1048576)
    from import_files f
    cross join lateral generate_series(0, greatest(0, (length(f.content) - 1) / 1048576)) as s(seq)`.execute(db);
  await sql`drop table import_files`.execute(db);
  await sql`create index import_jobs_uploading on import_jobs (lease_expires_at) where status = 'uploading'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index import_jobs_uploading`.execute(db);
  await sql`delete from import_jobs where status = 'uploading'`.execute(db);
  await sql`create table import_files (job_id integer primary key references import_jobs(id) on delete cascade, content bytea not null)`.execute(
    db,
  );
  await sql`
    insert into import_files (job_id, content)
    select job_id, string_agg(data, ''::bytea order by seq) from import_file_chunks group by job_id`.execute(db);
  await sql`drop table import_file_chunks`.execute(db);
}
