import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { DUTY_ALLOWED_TAGS, DUTY_LINK_REL, isSafeDutyHref } from '@backoffice/contract';
import { cx } from '../../components/ui';

// An instance of its own, so the hook below touches nobody else's sanitising.
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href');
  if (href !== null && !isSafeDutyHref(href)) node.removeAttribute('href');
  node.setAttribute('rel', DUTY_LINK_REL);
});

/**
 * docs/decisions/0005-packages-and-duties.md: conditions are sanitised by the server when written and again here before rendering:
 * only <b>, <strong> and <a href> (http, https or mailto) with rel="noopener noreferrer" survive;
 * a link that lost its href is unwrapped to its text, as the server does.
 */
export function sanitizeRichText(html: string): string {
  const fragment = purifier.sanitize(html, {
    ALLOWED_TAGS: [...DUTY_ALLOWED_TAGS],
    ALLOWED_ATTR: ['href', 'rel'],
    ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:)/i,
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of fragment.querySelectorAll('a:not([href])')) link.replaceWith(...link.childNodes);
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

const richTextClass =
  '[&_a]:text-indigo-300 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-indigo-200 [&_b]:font-semibold [&_b]:text-slate-100 [&_strong]:font-semibold [&_strong]:text-slate-100';

/** A condition rendered as rich text, after sanitising. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <span className={cx(richTextClass, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
