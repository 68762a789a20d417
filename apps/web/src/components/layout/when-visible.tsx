import { Box } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface WhenVisibleProps {
  children: ReactNode;
  /** The space held until the content renders (CSS length or Chakra size). */
  minH: string;
  /** How near the viewport the content renders (IntersectionObserver's rootMargin). */
  margin?: string;
}

/**
 * Renders its children once they come near the viewport, then keeps them. Content below the fold
 * (a timeline, a second chart) then neither fetches nor renders while the first screen does, which
 * is what a phone's main thread feels. Where IntersectionObserver is missing it renders at once.
 */
export function WhenVisible({ children, minH, margin = '200px' }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, margin]);
  return visible ? children : <Box ref={ref} minH={minH} />;
}
