import { chakra } from '@chakra-ui/react';
import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code drawn here as SVG from the text (no image service sees the secret). */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { cells, modules } = useMemo(() => {
    const { data } = encode(text, { ecc: 'M', border: 2 });
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x} ${y}h1v1h-1z`] : [])));
    return { cells: dark.join(''), modules: data.length };
  }, [text]);
  return (
    <chakra.svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={`${size}px`}
      height={`${size}px`}
      shapeRendering="crispEdges"
      // Always dark on white, whatever the theme: scanners expect it.
      bg="white"
      borderRadius="md"
    >
      <path d={cells} fill="#000" />
    </chakra.svg>
  );
}
