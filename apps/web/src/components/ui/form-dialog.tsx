// The shell every form dialog shares: a trigger, a title, the fields, the one error line, Cancel and
// the submit button (busy while pending). The dialog owns its open state; `onSubmit` gets `close`
// to call once the work succeeded, so a failure keeps the dialog open with its error.
import { Button, CloseButton, chakra, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';
import { stayOpenOnFocusOutside } from './modal-focus';

export interface FormDialogProps {
  /** The button that opens the dialog (rendered as the trigger). */
  trigger: ReactElement;
  title: string;
  /** The submit button's text. */
  submitLabel: string;
  /** Runs the form's action; call `close` when it succeeded. */
  onSubmit: (close: () => void) => void;
  pending: boolean;
  /** Why the last submit failed, already translated (nothing while there is none). */
  error?: ReactNode;
  submitDisabled?: boolean;
  /** Called on opening (e.g. to reset the draft and a previous failure). */
  onOpen?: () => void;
  /** Called on closing, however it closes. */
  onClose?: () => void;
  /** Replaces Cancel and submit (e.g. once an upload became a job to watch). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  testId?: string;
  children: ReactNode;
}

export function FormDialog({
  trigger,
  title,
  submitLabel,
  onSubmit,
  pending,
  error,
  submitDisabled,
  onOpen,
  onClose,
  footer,
  size,
  testId,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => {
        setOpen(event.open);
        if (event.open) onOpen?.();
        else onClose?.();
      }}
      onFocusOutside={stayOpenOnFocusOutside}
      {...(size ? { size } : {})}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <chakra.form
              aria-label={title}
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit(close);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {children}
                  <ErrorAlert message={error} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                {footer ?? (
                  <>
                    <Dialog.ActionTrigger asChild>
                      <Button variant="outline">{t('common.cancel')}</Button>
                    </Dialog.ActionTrigger>
                    <Button type="submit" loading={pending} loadingText={submitLabel} disabled={submitDisabled}>
                      {submitLabel}
                    </Button>
                  </>
                )}
              </Dialog.Footer>
            </chakra.form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
