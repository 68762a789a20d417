/** The severity badges' colours (red → grey) for chart series, so charts read like the tables. */
export const SEVERITY_COLORS = {
  critical: '#dc2626',
  high: '#ea580c',
  medium: '#eab308',
  low: '#2563eb',
  info: '#71717a',
} as const;
