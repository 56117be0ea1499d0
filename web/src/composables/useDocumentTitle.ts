import { getCurrentScope, onScopeDispose, shallowRef, toValue, watchEffect, type MaybeRefOrGetter } from 'vue';
import type { Router } from 'vue-router';

/** The title a mounted page asked for, over its route's default. */
const override = shallowRef<{ owner: symbol; title: string } | null>(null);

/**
 * Lets a page set document.title from its own state (the room page: the game's name, or
 * "● Your turn — …"), while it is mounted; null or '' falls back to the route's title.
 */
export function useDocumentTitle(title: MaybeRefOrGetter<string | null | undefined>): void {
  const owner = Symbol('title');
  const stop = watchEffect(() => {
    const value = toValue(title);
    override.value = value ? { owner, title: value } : override.value?.owner === owner ? null : override.value;
  });
  if (getCurrentScope()) {
    onScopeDispose(() => {
      stop();
      if (override.value?.owner === owner) override.value = null;
    });
  }
}

/**
 * Keeps document.title in step with the page: a page's own title, else its route's
 * `meta.title` (an i18n key), in the current language.
 */
export function installDocumentTitle(router: Router, translate: (key: string) => string, fallbackKey: string, setTitle: (title: string) => void): void {
  watchEffect(() => {
    const key = router.currentRoute.value.meta.title;
    setTitle(override.value?.title ?? translate(typeof key === 'string' ? key : fallbackKey));
  });
}
