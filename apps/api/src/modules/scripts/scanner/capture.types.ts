// What the scanner's browser keeps of a page it captures for the store dork search (clones/): the
// screenshot, where the page ended up, its title and what the similarity to the real store is
// measured on (its visible text, its structure, the hosts of its assets), all bounded. Pure data.

export interface PageProfile {
  /** The page's visible text (capped). */
  text: string;
  /** Element names in document order (capped). */
  tags: string[];
  /** Hosts of the page's subresources (scripts, images, styles, fonts). */
  assetHosts: string[];
}

export interface PageCapture {
  finalUrl: string;
  status: number | null;
  title: string;
  /** The document's HTML (capped): where platform markers are looked for. */
  html: string;
  /** Every URL the page requested (capped). */
  urls: string[];
  profile: PageProfile;
  /** PNG of the first screen, null when it was larger than the cap even when cropped. */
  screenshot: Buffer | null;
}

export interface PageCapturer {
  capture(url: string, signal?: AbortSignal): Promise<PageCapture>;
}

export const CAPTURE_LIMITS = {
  maxScreenshotBytes: 1_500_000,
  maxTextChars: 100_000,
  maxTags: 5000,
  maxHtmlChars: 1_000_000,
  maxUrls: 500,
  maxTitleChars: 500,
};
