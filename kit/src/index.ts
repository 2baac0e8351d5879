/**
 * The UI kit: every screen builds from these. Not part of the kernel: each app (the host and
 * every remote) bundles the kit it was built with, so a new component or prop is a kit release
 * a remote takes on its own — no kernel release, no host release. The kit builds on the kernel
 * (`shared`: the toaster, the unsaved-changes guard, the portal container, the API client).
 */
export { cx } from './cx';
export { Button, buttonClass, type ButtonProps } from './Button';
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
export { DataTable, Dialog, ConfirmDialog, loadable, preloadDataTable, type Loadable } from './lazy';
export { ScrollBox, type ScrollBoxProps } from './ScrollBox';
export type { DialogProps, ConfirmDialogProps } from './Dialog';
export type { DataTableProps, ColumnDef, SortingFn } from './DataTable';
export { DataTableFilter, type DataTableFilterProps } from './DataTableFilter';
export { serverPaged, type PagedTableProps, type ServerListState, type ServerPaging } from './serverPaged';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { afterPaint } from './afterPaint';
export { ActionsMenu, type ActionsMenuProps, type MenuAction } from './ActionsMenu';
export { UnsavedChangesDialog } from './UnsavedChangesDialog';
export { Tree, type TreeNode, type TreeProps } from './Tree';
export { rowWindow } from './tree.rows';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Card, type CardProps } from './Card';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { EntityGate, type EntityGateProps } from './EntityGate';
export { ExportCsvButton } from './ExportCsvButton';
export { formatDate, formatDay, formatTime, type DateInput } from './date.format';
export { formatCount } from './number.format';
export { csvText } from './csv';
export { RemoteMount, type RemoteMountProps } from './RemoteMount';
export { AuditEntries, kindLabel } from './AuditEntries';
export { AUDIT_PAGE_SIZE, HistoryTab, historyKeys } from './HistoryTab';
export { JsonDiff, type JsonDiffProps } from './JsonDiff';
export { diffLines, prettyJson, type DiffLine } from './jsonDiff';
export { LicenseSelect, licenseOptionsKey, type LicenseSelectProps } from './LicenseSelect';
export { ChangePreviewBody, useChangePreview, type ChangePreviewData, type ChangeReview } from './ChangePreview';
// The stateless hooks every screen uses (kernel 4 moved them here: no state is shared across sections).
export {
  useForm,
  type FieldCodec,
  type FieldProps,
  type Form,
  type Path,
  type PathValue,
  type RowField,
  type Rows,
  type RowsPath,
  type UseFormOptions,
} from './useForm';
export { urlParam, useUrlState, type UrlParam, type SetUrlStateOptions } from './useUrlState';
export { useUrlSearch } from './useUrlSearch';
export { useTableUrlState } from './useTableUrlState';
export { useDebouncedValue } from './useDebouncedValue';
export { dataKey } from './dataKey';
export { TagInput, type TagInputProps } from './TagInput';
export { GripIcon } from './icons';
export { TotpSetup, type TotpSetupProps } from './factors/TotpSetup';
export { RecoveryCodesShown, recoveryCodesText, type RecoveryCodesShownProps } from './factors/RecoveryCodesShown';
