// The form's period presets, as UTC days (the server's calendar): each ends today but "last month".
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const presets = ['last7', 'last30', 'lastMonth', 'last90', 'last365'] as const;
export type PresetId = (typeof presets)[number] | 'custom';

const lengths: Record<Exclude<(typeof presets)[number], 'lastMonth'>, number> = {
  last7: 7,
  last30: 30,
  last90: 90,
  last365: 365,
};

export function periodOf(preset: PresetId, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (preset === 'lastMonth') {
    const firstOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const last = firstOfMonth - DAY;
    const lastDate = new Date(last);
    return { from: iso(Date.UTC(lastDate.getUTCFullYear(), lastDate.getUTCMonth(), 1)), to: iso(last) };
  }
  const days = preset === 'custom' ? 30 : lengths[preset];
  return { from: iso(today - (days - 1) * DAY), to: iso(today) };
}
