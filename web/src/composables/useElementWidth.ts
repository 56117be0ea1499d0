import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

/**
 * The content width of an element, kept current by a ResizeObserver: game tables size their
 * cards to the space they really have (a side panel or a phone changes it), not the window's.
 */
export function useElementWidth(element: Ref<HTMLElement | null>, initial: number): Ref<number> {
  const width = ref(initial);
  let observer: ResizeObserver | null = null;
  onMounted(() => {
    if (!element.value) return;
    width.value = element.value.clientWidth;
    observer = new ResizeObserver(([entry]) => {
      if (entry) width.value = entry.contentRect.width;
    });
    observer.observe(element.value);
  });
  onBeforeUnmount(() => observer?.disconnect());
  return width;
}
