import type { UserEvent } from '@testing-library/user-event';

/**
 * Enters `text` in a search box as one edit, as a paste does. Typed key by key, a loaded machine
 * can pause longer than the search's debounce between two keys and ask twice; the debounce itself
 * is checked under fake timers in web/src/components/ui/search-box.test.tsx.
 */
export async function enterSearch(user: UserEvent, box: HTMLElement, text: string): Promise<void> {
  await user.click(box);
  await user.paste(text);
}
