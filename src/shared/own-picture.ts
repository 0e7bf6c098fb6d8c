/**
 * A picture's address staff HTML may keep (docs/security.md, Staff HTML: "pictures only from this site's uploads and
 * images"): this site's uploads (/uploads/<name>, /uploads/<hash>/<seo name>) and website images
 * (/images/...), as a plain path. Nothing else: not /api/... (an <img> is a GET the viewer's browser
 * sends with their session), not another host (a tracking pixel sees every reader), not data: or
 * javascript:. Each segment starts with a letter, digit, _ or ~ and holds no %, \ or ?: a browser
 * would resolve "..", "%2e%2e" or "\" out of the folder. Used by the server's sanitiser and the
 * editor's paste clean-up alike.
 */
const OWN_PICTURE = /^\/(?:uploads|images)(?:\/[A-Za-z0-9_~][A-Za-z0-9._~-]*)+$/;

export function isOwnPicture(src: string): boolean {
  return OWN_PICTURE.test(src);
}
