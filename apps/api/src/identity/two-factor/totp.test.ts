// The one-time password code against the RFCs' own test vectors, and the window/replay rule.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, TOTP_STEP_SECONDS, totp } from './totp.js';

const rfcKey = Buffer.from('12345678901234567890', 'ascii');

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i gives %s', (counter, code) => {
    expect(hotp(rfcKey, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA1)', () => {
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('at %i s: %s (8 digits) and its last 6 digits', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totp(rfcKey, at, 8)).toBe(code);
    expect(totp(rfcKey, at)).toBe(code.slice(-6));
  });
});

describe('base32 and the otpauth URI', () => {
  it('round-trips and matches RFC 4648 examples', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(rfcKey))).toEqual(rfcKey);
  });
  it('names the issuer and the parameters apps need', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'ana+1@acme.example')).toBe(
      'otpauth://totp/Vigil:ana%2B1%40acme.example?secret=JBSWY3DPEHPK3PXP&issuer=Vigil&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('matchTotp', () => {
  const secret = base32Encode(rfcKey);
  const at = new Date(1111111111 * 1000);
  const step = Math.floor(1111111111 / TOTP_STEP_SECONDS);
  const codeAt = (s: number) => hotp(rfcKey, s);

  it('accepts the current step and one step either side, not two', () => {
    expect(matchTotp(secret, codeAt(step), at, null)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), at, null)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), at, null)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(step - 2), at, null)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), at, null)).toBeNull();
  });
  it('refuses a step at or before the last accepted one', () => {
    expect(matchTotp(secret, codeAt(step), at, step)).toBeNull();
    expect(matchTotp(secret, codeAt(step - 1), at, step - 1)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 1), at, step)).toBe(step + 1);
  });
});
