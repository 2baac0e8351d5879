/**
 * Runs `work` once the next frame is painted (a task queued from that frame's callback), so
 * what the user is waiting to see is not held back by it (issue 38: a tab strip's hash and
 * scroll, written after a route change's first frame rather than before it). Returns a cancel.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
