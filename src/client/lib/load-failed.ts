import { useState } from "react";

/**
 * Whether the picture at `src` failed to load, and the setter its onError calls. A new address starts
 * afresh: the flag is reset while rendering (React's way of adjusting state when a prop changes), so no
 * render, and no effect, sees the new address marked as failed.
 */
export function useLoadFailed(src: string | null | undefined): [boolean, (failed: boolean) => void] {
  const [failed, setFailed] = useState(false);
  const [failedSrc, setFailedSrc] = useState(src);
  if (failedSrc !== src) {
    setFailedSrc(src);
    setFailed(false);
  }
  return [failed, setFailed];
}
