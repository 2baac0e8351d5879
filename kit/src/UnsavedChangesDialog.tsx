import { KernelMessages, useDiscardQuestion } from 'shared';
import { ConfirmDialog } from './lazy';

/** The question the kernel's confirmDiscard asks ("Discard unsaved changes?"); the host draws it once. */
export function UnsavedChangesDialog() {
  const question = useDiscardQuestion();
  return (
    <ConfirmDialog
      open={question.open}
      title={KernelMessages.unsavedTitle}
      message={KernelMessages.unsavedQuestion}
      confirmLabel={KernelMessages.unsavedDiscard}
      cancelLabel={KernelMessages.unsavedStay}
      variant="danger"
      onConfirm={() => question.answer(true)}
      onCancel={() => question.answer(false)}
    />
  );
}
