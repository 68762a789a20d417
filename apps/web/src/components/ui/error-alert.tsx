// The one error line of a form or panel: nothing while there is no message.
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ErrorAlert({ message }: { message: ReactNode }) {
  if (message === null || message === undefined || message === false || message === '') return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
