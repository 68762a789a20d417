import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOpenSearchHit } from './open-search-hit';

// The palette and its query cache load on the first Ctrl/⌘K, never with the layout.
const PaletteDialog = lazy(() => import('./command-palette-dialog'));

/** Ctrl+K / ⌘K on every signed-in screen opens the search palette. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();
  const openHit = useOpenSearchHit();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PaletteDialog
        open={open}
        onOpenChange={setOpen}
        openHit={openHit}
        seeAll={(q) => navigate(`/search?q=${encodeURIComponent(q)}`)}
      />
    </Suspense>
  );
}
