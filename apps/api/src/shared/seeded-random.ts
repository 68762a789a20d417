// Seeded randomness (the demo data, benchmarks): the same seed always gives the same sequence.

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** One of `choices` with the odds given beside each (they need not sum to 1). */
export function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, odds]) => sum + odds, 0);
  let at = random() * total;
  for (const [value, odds] of choices) {
    at -= odds;
    if (at < 0) return value;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('no choices');
  return last[0];
}
