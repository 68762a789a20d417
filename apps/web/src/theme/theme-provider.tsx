import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { initColorMode } from './color-mode';
import { system } from './system';

/** Chakra with the app's system; the colour mode is the `dark` class on <html> (see color-mode.ts). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    initColorMode();
  }, []);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
