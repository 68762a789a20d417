import { chakra, useSlotRecipe } from '@chakra-ui/react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { AppIcon } from './icons';

export interface SimpleSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  /** The accessible name (the header's selects have no visible label). */
  label: string;
  children: ReactNode;
  width?: string | { base?: string; md?: string };
}

/** A native select styled by Chakra's nativeSelect recipe (no field machinery: it is on every page). */
export function SimpleSelect({ label, children, width = 'auto', ...select }: SimpleSelectProps) {
  const recipe = useSlotRecipe({ key: 'nativeSelect' });
  const styles = recipe({ size: 'sm', variant: 'outline' });
  return (
    <chakra.div css={styles.root} width={width}>
      <chakra.select aria-label={label} css={styles.field} {...select}>
        {children}
      </chakra.select>
      <chakra.div css={styles.indicator}>
        <AppIcon name="chevronDown" boxSize="4" />
      </chakra.div>
    </chakra.div>
  );
}
