// The older Exploit-DB GHDB export (2010–2015, still the copy w3af ships): <signature> elements with
// <signatureReferenceNumber>, <link>, <category>, <querystring> (a Google search URL whose `q` is
// the dork), <shortDescription> (a title, or the dork itself) and <textualDescription>; no date or
// author. Johnny Long's ihackstuff database before it used the same element but its own categories.

/** `http://www.google.com/search?...&q=…`, `hxxp://` (defanged) included: the part after `?`, or null. */
function searchUrlQuery(text: string): string | null {
  const match = /^(?:https?|hxxps?):\/\/[^/?#\s]+\/[^?#\s]*\?(.*)$/is.exec(text);
  return match?.[1] ?? null;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The dork of one <signature>: the `q` of its search URL (form-decoded when it was encoded, as
 * written when it was pasted raw with spaces or quotes), the querystring itself when it is not a
 * URL, else the short description (an `as_q` search or a forum link); '' when there is none.
 */
export function signatureQuery(querystring: string, shortDescription: string): string {
  const raw = querystring.trim();
  if (raw === '') return '';
  const search = searchUrlQuery(raw);
  if (search === null) return /^[a-z]+:\/\//i.test(raw) ? shortDescription.trim() : raw;
  const at = /(?:^|&)q=/.exec(search);
  if (!at) return shortDescription.trim();
  const value = search.slice(at.index + at[0].length);
  // A value pasted unencoded runs to the end of the URL; `+` there is Google's operator, kept.
  if (/[\s"]/.test(value)) return decoded(value).trim();
  const encoded = new URLSearchParams(search).get('q') ?? '';
  return encoded.trim();
}

/** Elements only Johnny Long's ihackstuff database (2004–2008) carries. */
export const IHACKSTUFF_FIELDS = new Set(['categoryref', 'querytype', 'cveNumber', 'cveLocation']);

export const ACCEPTED =
  "Accepted: Exploit-DB's ghdb.xml (<entry> elements) or its older export (<searchEngineSignature> of <signature> elements).";
