/**
 * The kernel's part of the page: one toaster, one unsaved-changes guard and one portal
 * container for the host and every remote (they hold state all sections share). The
 * components every screen builds from are the kit (`kit`), which each app bundles itself.
 */
export { useUnsavedChanges, hasUnsavedChanges, confirmDiscard, useDiscardQuestion } from './unsaved';
export { Toaster, notify, preloadToasts, TOAST_SUCCESS_MS, TOAST_OTHER_MS } from './toast';
export { PortalContainerContext, usePortalContainer } from './PortalContainer';
