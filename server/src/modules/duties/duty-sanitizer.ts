import sanitizeHtml from 'sanitize-html';
import { DUTY_ALLOWED_TAGS, DUTY_LINK_REL, DUTY_LINK_SCHEMES, isSafeDutyHref } from '@backoffice/contract';

/**
 * docs/decisions/0005-packages-and-duties.md: a condition keeps only <b>, <strong> and <a href> with an http, https or mailto link and
 * rel="noopener noreferrer". Other tags go (their text stays; script and style lose their text
 * too), every other attribute goes, and a link to anywhere else becomes its plain text.
 *
 * Unsafe links are dropped with exclusiveFilter's 'excludeTag' rather than by renaming them to a
 * disallowed tag: sanitize-html 2.17 then closes the next tag at that depth with the stale name.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...DUTY_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: [...DUTY_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link is rebuilt from its href alone, with the rel that docs/decisions/0005-packages-and-duties.md asks for.
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      return { tagName: 'a', attribs: isSafeDutyHref(href) ? { href, rel: DUTY_LINK_REL } : {} };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

export function sanitizeCondition(html: string): string {
  return sanitizeHtml(html, options);
}
