// Which script did it: a JavaScript stack (an Error's text from the page, or a DevTools initiator
// stack) names script URLs with line numbers. An external script is named by its URL; an inline
// script of the page's HTML runs under the document's URL, so its lines tell which one it is (the
// HTML's line range of each inline script). Frames of no recorded script (the scanner's own
// instrumentation, code from eval without a source URL) name nobody.

export interface StackFrame {
  url: string;
  /** 1-based. */
  line: number;
}

const FRAME = /((?:https?|file):\/\/[^\s()]+?):(\d+):(\d+)/;

export const withoutFragment = (url: string) => url.split('#', 1)[0] ?? url;

/** The frames of an Error's stack text, innermost first. */
export function framesOf(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n').slice(0, 60)) {
    const match = FRAME.exec(line);
    if (match?.[1] && match[2]) frames.push({ url: withoutFragment(match[1]), line: Number(match[2]) });
  }
  return frames;
}

/** The frames of a DevTools stack (`Network.Initiator.stack`), innermost first, parents after. */
export function framesOfDevtools(stack: unknown): StackFrame[] {
  const frames: StackFrame[] = [];
  let current = stack as { callFrames?: { url?: string; lineNumber?: number }[]; parent?: unknown } | undefined;
  for (let depth = 0; current && depth < 10; depth += 1) {
    for (const f of current.callFrames ?? []) {
      if (f.url) frames.push({ url: withoutFragment(f.url), line: (f.lineNumber ?? 0) + 1 });
    }
    current = current.parent as typeof current;
  }
  return frames;
}

export interface InlineRange {
  key: string;
  documentUrl: string;
  startLine: number;
  endLine: number;
}

/** The line range of each inline script within the HTML it was served in (absent when not found there). */
export function inlineRanges(
  documentUrl: string,
  html: string,
  scripts: { key: string; text: string }[],
): InlineRange[] {
  const ranges: InlineRange[] = [];
  let from = 0;
  for (const { key, text } of scripts) {
    if (text.trim() === '') continue;
    const at = html.indexOf(text, from);
    if (at < 0) continue;
    const startLine = countLines(html, 0, at) + 1;
    ranges.push({
      key,
      documentUrl: withoutFragment(documentUrl),
      startLine,
      endLine: startLine + countLines(text, 0, text.length),
    });
    from = at + text.length;
  }
  return ranges;
}

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

export class Attribution {
  constructor(
    private readonly externalKeys: ReadonlySet<string>,
    private readonly ranges: readonly InlineRange[],
  ) {}

  /** The key of the script a frame runs in, or null. */
  scriptAt(frame: StackFrame): string | null {
    if (this.externalKeys.has(frame.url)) return frame.url;
    const range = this.ranges.find(
      (r) => r.documentUrl === frame.url && frame.line >= r.startLine && frame.line <= r.endLine,
    );
    return range?.key ?? null;
  }

  /** The innermost recorded script of the stack (other than `except`). */
  innermost(frames: StackFrame[], except?: string): string | null {
    for (const frame of frames) {
      const key = this.scriptAt(frame);
      if (key && key !== except) return key;
    }
    return null;
  }

  /** Every recorded script on the stack, innermost first. */
  all(frames: StackFrame[]): string[] {
    const keys = new Set<string>();
    for (const frame of frames) {
      const key = this.scriptAt(frame);
      if (key) keys.add(key);
    }
    return [...keys];
  }
}

/** Whether a host is one of the domains or under one of them. */
export function hostWithin(host: string, domains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => {
    const domain = d.toLowerCase().replace(/\.$/, '');
    return h === domain || h.endsWith(`.${domain}`);
  });
}
