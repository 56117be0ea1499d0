import { ref } from 'vue';

/** A new version of the site is installed and waiting: the update prompt shows. */
export const needRefresh = ref(false);

let apply: ((reload?: boolean) => Promise<void>) | null = null;

export function setUpdater(fn: (reload?: boolean) => Promise<void>): void {
  apply = fn;
}

/** Switch to the waiting version and reload the page. */
export async function reloadToUpdate(): Promise<void> {
  needRefresh.value = false;
  if (apply) await apply(true);
  else location.reload();
}

/** Keep running this version; the prompt comes back with the next update found. */
export function dismissUpdate(): void {
  needRefresh.value = false;
}
