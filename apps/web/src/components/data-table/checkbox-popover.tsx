import { Badge, Button, chakra, Popover, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { AppIcon } from '@/components/ui/icons';
import type { FilterOption } from './types';

export interface CheckboxPopoverProps {
  label: string;
  options: FilterOption[];
  checked: string[];
  onChange: (value: string, checked: boolean) => void;
  /** Shown as a count on the button (selected filter values). */
  count?: number;
}

/** A button opening a labelled group of checkboxes (multi-select filters, the column chooser). */
export function CheckboxPopover({ label, options, checked, onChange, count }: CheckboxPopoverProps) {
  const groupId = useId();
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm">
          {label}
          {count ? (
            <Badge size="sm" colorPalette="blue" variant="solid">
              {count}
            </Badge>
          ) : null}
          <AppIcon name="chevronDown" boxSize="4" />
        </Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content width="auto" minW="52">
          <Popover.Body p="3">
            <chakra.fieldset border="0" m="0" p="0">
              <chakra.legend fontWeight="semibold" fontSize="sm" mb="2">
                {label}
              </chakra.legend>
              <Stack gap="1.5" maxH="72" overflowY="auto">
                {options.map((option) => {
                  const id = `${groupId}-${option.value}`;
                  return (
                    <chakra.label
                      key={option.value}
                      htmlFor={id}
                      display="flex"
                      gap="2"
                      alignItems="center"
                      fontSize="sm"
                    >
                      <chakra.input
                        id={id}
                        type="checkbox"
                        checked={checked.includes(option.value)}
                        onChange={(event) => onChange(option.value, event.currentTarget.checked)}
                      />
                      {option.label}
                    </chakra.label>
                  );
                })}
              </Stack>
            </chakra.fieldset>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
