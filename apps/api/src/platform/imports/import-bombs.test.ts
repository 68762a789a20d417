// The decompression bombs of issue 11 fail their job with the reason, while the server goes on
// answering: 256 MiB of zeros in 255 KiB of gzip, and a zip of 80 entries over the same bytes.
import { describe, expect, it } from 'vitest';
import { tenantFixture, upload, waitForImport } from '../../testing/monitoring.js';
import { gzipOfZeros, zipOfOverlappingEntries } from '../../testing/uploads.js';

const fixture = tenantFixture('bombs');

/** Runs the import while asking for the health check every 50 ms: every answer must be 200. */
async function importWhileProbing(id: number) {
  let running = true;
  const answers: number[] = [];
  const probing = (async () => {
    while (running) {
      answers.push((await fixture.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const done = await waitForImport(fixture.app, fixture.tenant, id).finally(() => {
    running = false;
  });
  await probing;
  return { done, answers };
}

describe('decompression bombs', () => {
  it('a gzip of 256 MiB of zeros fails its job with the reason', { timeout: 120_000 }, async () => {
    const bomb = await gzipOfZeros(256);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const { done, answers } = await importWhileProbing(await upload(fixture.tenant, 'combolist', 'zeros.txt.gz', bomb));
    expect(done.status).toBe('failed');
    expect(done.error).toBe(
      'The file is compressed more than 200 to 1, as decompression bombs are; it was not imported.',
    );
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  it('a zip whose 80 entries point at the same bytes fails its job with the reason', { timeout: 120_000 }, async () => {
    const bomb = await zipOfOverlappingEntries(80, 60);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const { done, answers } = await importWhileProbing(await upload(fixture.tenant, 'infostealer', 'logs.zip', bomb));
    expect(done.status).toBe('failed');
    expect(done.error).toBe('The archive unpacks to more than 1 GiB; it was not imported.');
    expect(answers.every((status) => status === 200)).toBe(true);
  });
});
