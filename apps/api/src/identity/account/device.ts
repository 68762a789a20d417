// What the active-sessions list shows of a session's User-Agent: browser, system and kind of
// device, read by bowser (MIT, no dependencies). The header is only displayed, never trusted.
import Bowser from 'bowser';

export interface Device {
  browser: string | null;
  os: string | null;
  device_type: string | null;
}

function join(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, device_type: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  return {
    browser: join(parsed.browser.name, major),
    os: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
    device_type: parsed.platform.type ?? null,
  };
}
