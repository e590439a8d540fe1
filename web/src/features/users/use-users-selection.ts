import { useState } from 'react';
import type { ListedUser } from '@backoffice/contract';

/**
 * The users ticked in the table, kept with their rows across pages, so that a confirmation can
 * name them and count the ads a delete takes with them (docs/decisions/0028-verification-queue-and-confirmations.md).
 */
export function useUsersSelection(pageUsers: readonly ListedUser[]) {
  const [selected, setSelected] = useState<ReadonlyMap<string, ListedUser>>(new Map());
  const update = (change: (next: Map<string, ListedUser>) => void) =>
    setSelected((s) => {
      const next = new Map(s);
      change(next);
      return next;
    });
  return {
    ids: new Set(selected.keys()) as ReadonlySet<string>,
    users: [...selected.values()],
    toggle(id: string) {
      const user = pageUsers.find((u) => u._id === id);
      update((next) => {
        if (next.has(id)) next.delete(id);
        else if (user) next.set(id, user);
      });
    },
    toggleAll() {
      update((next) => {
        const all = pageUsers.every((u) => next.has(u._id));
        for (const u of pageUsers) {
          if (all) next.delete(u._id);
          else next.set(u._id, u);
        }
      });
    },
    /** Forgets users that are gone. */
    drop(ids: Iterable<string>) {
      const gone = new Set(ids);
      update((next) => gone.forEach((id) => next.delete(id)));
    },
    /** Users now verified stay selected, as verified. */
    markVerified(ids: Iterable<string>) {
      update((next) => {
        for (const id of ids) {
          const user = next.get(id);
          if (user) next.set(id, { ...user, isVerified: true });
        }
      });
    },
  };
}
