/** The UI kit: every screen builds from these. */
export { cx } from './cx';
export { Button, type ButtonProps } from './Button';
export { Input, Textarea, type InputProps, type TextareaProps } from './Input';
export { Select, SELECT_PLACEHOLDER, type SelectOption, type SelectProps } from './Select';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { Switch, type SwitchProps } from './Switch';
export { FormField, type FormFieldProps } from './FormField';
export { Alert, type AlertProps } from './Alert';
export { Spinner, PageSpinner, type SpinnerProps } from './Spinner';
export { Badge, readableTextColor, type BadgeProps } from './Badge';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
// The table and the dialogs load when first drawn (lazy.tsx), so the sign-in pages stay light.
export { DataTable, Dialog, ConfirmDialog, loadable } from './lazy';
export { ScrollBox, type ScrollBoxProps } from './ScrollBox';
export type { DialogProps, ConfirmDialogProps } from './Dialog';
export type { DataTableProps, ColumnDef, SortingFn } from './DataTable';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { useUnsavedChanges, hasUnsavedChanges, confirmDiscard, UnsavedChangesDialog } from './unsaved';
export { Tree, type TreeNode, type TreeProps } from './Tree';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Card, type CardProps } from './Card';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { Toaster, notify, preloadToasts, TOAST_SUCCESS_MS, TOAST_OTHER_MS } from './toast';
export { ExportCsvButton } from './ExportCsvButton';
export { useDebouncedValue } from './useDebouncedValue';
export { formatDate, formatDay, type DateInput } from './date.format';
export { PortalContainerContext, usePortalContainer } from './PortalContainer';
