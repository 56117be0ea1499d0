import { readonly, ref, type Ref } from 'vue';

const online = ref(typeof navigator === 'undefined' ? true : navigator.onLine);
let listening = false;

/** Whether the browser has a network (navigator.onLine, kept current by online/offline events). */
export function useOnline(): Readonly<Ref<boolean>> {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('online', () => (online.value = true));
    window.addEventListener('offline', () => (online.value = false));
  }
  return readonly(online);
}
