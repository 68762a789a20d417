// The CVSS v3.1 calculator against the scores FIRST publishes for its examples (CVSS v3.1
// Examples document) and the boundaries of the specification's Roundup.
import { describe, expect, it } from 'vitest';
import { cvss31Score, cvss31Vector, cvss31VectorScore, parseCvss31, roundup } from './cvss.js';

describe('CVSS v3.1 base score', () => {
  it.each([
    ['AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8],
    ['AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10.0],
    ['AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 7.8],
    ['AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', 3.1],
    ['AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5],
    ['AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1],
    ['AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N', 6.4],
    ['AV:L/AC:L/PR:H/UI:N/S:U/C:L/I:L/A:L', 4.2],
    ['AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9],
    ['AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 6.8],
    ['AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 8.8],
    ['AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0],
  ])('%s is %s', (base, score) => {
    expect(cvss31VectorScore(`CVSS:3.1/${base}`)).toBe(score);
  });

  it('rounds up as the specification does, where floating point would not', () => {
    expect(roundup(4.0)).toBe(4.0);
    expect(roundup(4.02)).toBe(4.1);
    expect(roundup(4.000001)).toBe(4.0);
    expect(roundup(0.1 + 0.2)).toBe(0.3);
  });

  it('reads temporal metrics and any order, refuses what is not a 3.x base vector', () => {
    expect(cvss31VectorScore('CVSS:3.1/S:U/AV:N/AC:L/PR:N/UI:N/C:H/I:H/A:H/E:P/RL:O/RC:C')).toBe(9.8);
    expect(cvss31VectorScore('CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBe(9.8);
    for (const bad of [
      'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H',
      'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:N/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/ZZ:1',
    ]) {
      expect(parseCvss31(bad), bad).toBeNull();
    }
  });

  it('writes a vector back in the specification order', () => {
    const parsed = parseCvss31('CVSS:3.1/S:C/AV:N/AC:L/PR:L/UI:N/C:H/I:H/A:H');
    expect(parsed && cvss31Vector(parsed)).toBe('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H');
    expect(parsed && cvss31Score(parsed)).toBe(9.9);
  });
});
