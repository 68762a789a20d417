// The search feature's public surface: app/ composes the screen (/search) and the palette (Ctrl/⌘K).
export type { SearchHit } from './api/search-api';
export { SearchPalette, type SearchPaletteProps } from './components/search-palette';
export { SearchScreen } from './components/search-screen';
