import { Box, Button, EmptyState, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '@/components/ui/icons';

export interface TableEmptyProps {
  /** What will appear here, and how the data gets there (which importer, which format). */
  title: string;
  description: string;
  /** The list is empty because of the filters (not because there is no data). */
  filtered: boolean;
  onClearFilters: () => void;
}

export function TableEmptyState({ title, description, filtered, onClearFilters }: TableEmptyProps) {
  const { t } = useTranslation();
  return (
    <Box data-testid="table-empty">
      <EmptyState.Root size="md">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <AppIcon name="inbox" boxSize="8" />
          </EmptyState.Indicator>
          <VStack textAlign="center" gap="2" maxW="xl">
            <EmptyState.Title as="h3">{filtered ? t('dataTable.noMatchTitle') : title}</EmptyState.Title>
            <EmptyState.Description>{filtered ? t('dataTable.noMatch') : description}</EmptyState.Description>
            {filtered ? (
              <Button size="sm" variant="outline" onClick={onClearFilters}>
                {t('dataTable.clearFilters')}
              </Button>
            ) : null}
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}
