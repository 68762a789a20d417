// Generated input shared by the benchmarks (bench:data and bench:api).

/** Combolist lines `from`..`to` for `domain`, in the four line forms the parser reads. */
export function combolist(from: number, to: number, random: () => number, domain: string): string {
  const lines: string[] = [];
  for (let i = from; i < to; i += 1) {
    const email = `user${i}@${domain}`;
    const password = `Pw-${Math.floor(random() * 1e9).toString(36)}-${i}`;
    const form = i % 4;
    lines.push(
      form === 0
        ? `${email}:${password}`
        : form === 1
          ? `${email};${password}`
          : form === 2
            ? `https://sso.${domain}:8443/login:${email}:${password}`
            : `${email}|${password}`,
    );
  }
  return lines.join('\n');
}
