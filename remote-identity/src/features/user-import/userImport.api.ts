/**
 * Users from a CSV file (ours, issue 39): the template and the round-trip export's downloads,
 * the dry run (nothing written) and the import, which refreshes the user lists, the user views
 * and the Histories before its toast.
 */
import {
  exportUsers,
  getUserImportTemplate,
  importUsers,
  previewUserImport,
  USER_IMPORT_MAX_BYTES,
  UserImportMessages,
  UserMessages,
  type UserImportReply,
} from 'contracts/identity';
import { historyKeys } from 'kit';
import { ApiError, saveFile, useNotifyingMutation } from 'shared';
import { userKeys } from '../users/users.api';

/** Downloads the empty user file: its header row. */
export async function downloadTemplate(): Promise<void> {
  const { blob, fileName } = await getUserImportTemplate();
  saveFile(blob, fileName ?? 'users-template.csv');
}

/** Downloads the licence's users in the import's columns, to edit and import back. */
export async function downloadUsersForImport(licenseId: number | null): Promise<void> {
  const { blob, fileName } = await exportUsers({ format: 'import', ...(licenseId !== null ? { licenseId } : {}) });
  saveFile(blob, fileName ?? 'users-import.csv');
}

/** A file's text as UTF-8, or why it is not sent (larger than the API takes). */
export async function readUserFile(file: File): Promise<{ text: string } | { problem: string }> {
  if (file.size > USER_IMPORT_MAX_BYTES) return { problem: UserImportMessages.tooLarge };
  // FileReader rather than file.text(): the same in every browser and in the component tests' DOM.
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
  return { text };
}

/** The preview an import refused with (seats over, nothing left to import: the licence changed since the dry run), if any. */
export function refusedPreview(error: unknown): UserImportReply | undefined {
  const body = error instanceof ApiError && error.status === 400 ? (error.body as Partial<UserImportReply> | undefined) : undefined;
  return body && Array.isArray(body.rows) && body.counts ? (body as UserImportReply) : undefined;
}

/** What the import is about: the file's text, the licence (a super administrator's choice) and whether to send welcome mails. */
export interface UserImportInput {
  text: string;
  licenseId: number | null;
  sendWelcome?: boolean;
}

const licenseQuery = (licenseId: number | null) => (licenseId !== null ? { licenseId } : {});

/** The dry run: what the file would do, nothing written. A file that is not a user file is shown on the page, not as a toast. */
export function usePreviewUserImport() {
  return useNotifyingMutation({
    mutationFn: ({ text, licenseId }: UserImportInput) => previewUserImport(text, licenseQuery(licenseId)),
    failure: UserImportMessages.previewFailed,
    shownByForm: () => true,
  });
}

/** Imports the file for good: every valid row or nothing; '3 users created, 2 changed.' once the lists show them. */
export function useImportUsers() {
  return useNotifyingMutation({
    mutationFn: ({ text, licenseId, sendWelcome = false }: UserImportInput) => importUsers(text, { ...licenseQuery(licenseId), sendWelcome }),
    invalidates: [userKeys.all, historyKeys.all],
    success: (reply) => reply.Message ?? UserMessages.saved,
    failure: UserImportMessages.applyFailed,
    shownByForm: (error) => refusedPreview(error) !== undefined,
  });
}
