// A destructive action asked twice: a trigger button, then an alert dialog that says what will be
// lost, with Cancel and the confirming button. The dialog stays open (with the error) when it fails.
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from './error-alert';
import { stayOpenOnFocusOutside } from './modal-focus';

export interface ConfirmDialogProps {
  /** The trigger button's text. */
  label: string;
  title: string;
  /** What the action takes with it, already translated. */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** Why it failed, already translated (nothing while there is none). */
  error?: ReactNode;
  /** Runs the action; the dialog closes once the returned promise resolves. */
  onConfirm: () => Promise<unknown>;
  /** Called on opening (e.g. to clear a previous failure). */
  onOpen?: () => void;
}

export function ConfirmDialog({
  label,
  title,
  message,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onOpen,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(event) => {
        setOpen(event.open);
        if (event.open) onOpen?.();
      }}
      onFocusOutside={stayOpenOnFocusOutside}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="red">
          {label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{message}</Text>
                <ErrorAlert message={error} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{cancelLabel}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={pending}
                loadingText={confirmLabel}
                onClick={() => {
                  onConfirm().then(
                    () => setOpen(false),
                    () => undefined,
                  );
                }}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
