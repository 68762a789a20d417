import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTar } from './tar';

const text = (value: string) => new TextEncoder().encode(value);

describe('createTar', () => {
  it('packs a stealer-log folder that GNU tar reads back, relative paths and contents intact', () => {
    const long = `${'Logs-2026-11-20/'.repeat(8)}DESKTOP-1/Passwords.txt`;
    const archive = createTar([
      {
        path: 'DESKTOP-1/Passwords.txt',
        data: text('URL: https://shop.acme.example\nUSER: ana@acme.example\nPASS: x\n'),
      },
      { path: 'DESKTOP-1/System.txt', data: text('OS: Windows 11\n') },
      { path: long, data: text('URL: https://a.example\n') },
    ]);
    expect(archive.length % 512).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'vigil-tar-'));
    try {
      const file = join(dir, 'logs.tar');
      writeFileSync(file, archive);
      const names = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
      expect(names).toEqual(['DESKTOP-1/Passwords.txt', 'DESKTOP-1/System.txt', long]);
      const content = execFileSync('tar', ['-xOf', file, 'DESKTOP-1/System.txt'], { encoding: 'utf8' });
      expect(content).toBe('OS: Windows 11\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
